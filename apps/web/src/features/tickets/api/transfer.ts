import { TicketAttachment } from '@nimbus/contract';
import { assertLiveSession, buildUrl, headersFor, toApiError, type Envelope } from '../../../lib/api-client';
import { ApiError } from '../../../lib/api-error';

// Attachment bytes over HTTP, through the app's client pieces: the `ssid` header, SPEC §8's handling
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
export async function fetchAttachment(id: number, signal?: AbortSignal): Promise<Blob> {
  assertLiveSession();
  let response: Response;
  try {
    response = await fetch(buildUrl(ATTACHMENT_PATH, { id }), {
      headers: headersFor(undefined),
      signal,
      credentials: 'same-origin',
    });
  } catch (error) {
    if (signal?.aborted) throw error;
    throw new ApiError(0, 'network_error', error instanceof Error ? error.message : 'network error');
  }
  if (!response.ok) throw toApiError(response.status, (await response.json().catch(() => null)) as Envelope | null);
  return response.blob();
}

/** Saves bytes under a name through a short-lived blob URL: a download, never a page. */
export function saveBlob(blob: Blob, name: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  link.rel = 'noopener';
  document.body.append(link);
  link.click();
  link.remove();
  // The click starts the download synchronously; the URL may go once the task ends.
  window.setTimeout(() => URL.revokeObjectURL(url), 0);
}
