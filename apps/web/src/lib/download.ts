import { assertLiveSession, buildUrl, headersFor, toApiError, type Envelope } from './api-client';
import { ApiError } from './api-error';

/**
 * GET api/<path>: the answer's bytes (a PDF, an attachment) through the app's client pieces: the
 * `ssid` header, the handling of 401/403/429 and a typed ApiError. A plain link would carry
 * no session.
 */
export async function fetchBlob(
  path: string,
  query: Record<string, string | number>,
  signal?: AbortSignal,
): Promise<Blob> {
  assertLiveSession();
  let response: Response;
  try {
    response = await fetch(buildUrl(path, query), {
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
