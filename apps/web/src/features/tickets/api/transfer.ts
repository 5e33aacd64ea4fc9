import { TicketAttachment } from '@nimbus/contract';
import { assertLiveSession, buildUrl, headersFor, toApiError, type Envelope } from '../../../lib/api-client';
import { ApiError } from '../../../lib/api-error';
import { fetchBlob, saveBlob } from '../../../lib/download';

// Attachment bytes over HTTP, through the app's client pieces: the `ssid` header, the handling
// of 401/403/429 and a typed ApiError. Uploads use XMLHttpRequest, the one browser API that reports
// upload progress.

const ATTACHMENT_PATH = 'ticket/attachment';

/** POST api/ticket/attachment (multipart, field `file`): the server judges the type by the bytes. */
export function uploadAttachment(
  file: File,
  onProgress: (fraction: number) => void,
  signal: AbortSignal,
): Promise<TicketAttachment> {
  assertLiveSession();
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', buildUrl(ATTACHMENT_PATH));
    headersFor(undefined).forEach((value, key) => xhr.setRequestHeader(key, value));
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) onProgress(event.loaded / event.total);
    };
    xhr.onload = () => {
      let body: Envelope | null = null;
      try {
        body = JSON.parse(xhr.responseText) as Envelope;
      } catch {
        /* not JSON: an error below */
      }
      if (xhr.status < 200 || xhr.status >= 300) return reject(toApiError(xhr.status, body));
      const parsed = TicketAttachment.safeParse(body?.data);
      if (!parsed.success) return reject(new ApiError(xhr.status, 'parse_data_error', parsed.error.message));
      resolve(parsed.data);
    };
    xhr.onerror = () => reject(new ApiError(0, 'network_error', 'network error'));
    xhr.onabort = () => reject(new DOMException('upload cancelled', 'AbortError'));
    signal.addEventListener('abort', () => xhr.abort(), { once: true });
    const form = new FormData();
    form.append('file', file, file.name);
    xhr.send(form);
  });
}

/**
 * GET api/ticket/attachment?id=: the bytes, for a blob URL (an image's thumbnail, a download). The
 * route needs the `ssid` header, so a plain link to it would not do.
 */
export const fetchAttachment = (id: number, signal?: AbortSignal): Promise<Blob> =>
  fetchBlob(ATTACHMENT_PATH, { id }, signal);

export { saveBlob };
