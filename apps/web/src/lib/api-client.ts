import { LOGOUT_REDIRECT_MS, SESSION_HEADER } from '@nimbus/contract';
import type * as z from 'zod/mini';
import { ApiError, isErrorCode } from './api-error';
import { i18n } from './i18n/i18n';
import { htmlLang } from './i18n/language';
import { notify, notifyAcrossReload } from './notify';
import { clearSession, isSessionExpired, peekSession } from './session/session-storage';

type Query = Record<string, string | number | boolean | undefined>;

interface RequestOptions<S extends z.ZodMiniType> {
  method: 'GET' | 'POST';
  path: string;
  query?: Query;
  body?: unknown;
  /** Validates and types `data`; omit for endpoints whose data is null. */
  schema?: S;
  signal?: AbortSignal;
  /** Extra request headers, e.g. an idempotency key. */
  headers?: Record<string, string>;
}

let reloading = false;

/**
 * A dead session is cleared and the page reloads. Its toast is shown once, however many
 * requests failed, and carried across the reload so the customer can read it where they land.
 */
function dropSessionAndReload(toast?: { title: string; message: string }): void {
  clearSession();
  if (reloading) return;
  reloading = true;
  if (toast) notifyAcrossReload('error', toast);
  window.setTimeout(() => window.location.reload(), LOGOUT_REDIRECT_MS);
}

/** `/api/<path>?<query>`; undefined values are left out. */
export function buildUrl(path: string, query?: Query): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query ?? {})) {
    if (value !== undefined) params.set(key, String(value));
  }
  const search = params.toString();
  return `/api/${path.replace(/^\/+/, '')}${search ? `?${search}` : ''}`;
}

/**
 * The request headers: `ssid` while the stored session lives, JSON types when there is a body, and
 * the console's language, in which the server writes its texts (catalogue, notices, ledger notes…).
 */
export function headersFor(body: unknown, extra?: Record<string, string>): Headers {
  const headers = new Headers({ ...extra, Accept: 'application/json', 'Accept-Language': htmlLang(i18n.language) });
  if (body !== undefined) headers.set('Content-Type', 'application/json');
  const session = peekSession();
  if (session && !isSessionExpired(session)) headers.set(SESSION_HEADER, session.session_id);
  return headers;
}

export interface Envelope {
  data?: unknown;
  code?: unknown;
  message?: unknown;
  fields?: unknown;
}

/**
 * The ApiError of a failed answer, with the handling of 401, 403 and 429
 * (docs/product/README.md#web-client-behaviour).
 */
export function toApiError(status: number, body: Envelope | null): ApiError {
  const t = i18n.t;
  const code = isErrorCode(body?.code) ? body.code : 'unknown_error';
  const message = typeof body?.message === 'string' ? body.message : `HTTP ${status}`;
  const fields = body?.fields && typeof body.fields === 'object' ? (body.fields as Record<string, string>) : {};
  if (status === 401) {
    dropSessionAndReload({ title: t('errors:http.unauthorized'), message: t('errors:http.unauthorizedMessage') });
    return new ApiError(status, code, message, fields, true);
  }
  if (status === 403) {
    dropSessionAndReload({ title: t('errors:http.forbidden'), message: t('errors:http.forbiddenMessage') });
    return new ApiError(status, code, message, fields, true);
  }
  if (status === 429) {
    notify.warning({ title: t('errors:http.tooMany'), message: t('errors:http.tooManyMessage') });
    return new ApiError(status, code, message, fields, true);
  }
  return new ApiError(status, code, message, fields);
}

/** No request goes out with an expired session: it is cleared and the page reloads. */
export function assertLiveSession(): void {
  const stored = peekSession();
  if (stored && isSessionExpired(stored)) {
    dropSessionAndReload();
    throw new ApiError(401, 'invalid_session', 'session expired', {}, true);
  }
}

/** The one HTTP client: same-origin /api, `ssid` header, `data` unwrapped, typed ApiError. */
export async function apiRequest<S extends z.ZodMiniType>(options: RequestOptions<S>): Promise<z.output<S>> {
  assertLiveSession();
  let response: Response;
  try {
    response = await fetch(buildUrl(options.path, options.query), {
      method: options.method,
      headers: headersFor(options.body, options.headers),
      body: options.body === undefined ? undefined : JSON.stringify(options.body),
      signal: options.signal,
      credentials: 'same-origin',
    });
  } catch (error) {
    if (options.signal?.aborted) throw error;
    throw new ApiError(0, 'network_error', error instanceof Error ? error.message : 'network error');
  }
  const body = (await response.json().catch(() => null)) as Envelope | null;
  if (!response.ok) throw toApiError(response.status, body);
  if (!options.schema) return undefined as z.output<S>;
  const parsed = options.schema.safeParse(body?.data);
  if (!parsed.success) throw new ApiError(response.status, 'parse_data_error', parsed.error.message);
  return parsed.data;
}

export const api = {
  get: <S extends z.ZodMiniType>(path: string, schema: S, query?: Query, signal?: AbortSignal) =>
    apiRequest({ method: 'GET', path, query, schema, signal }),
  post: <S extends z.ZodMiniType>(path: string, body: unknown, schema: S, headers?: Record<string, string>) =>
    apiRequest({ method: 'POST', path, body, schema, headers }),
  /** A POST whose `data` is null. */
  send: async (path: string, body: unknown = {}): Promise<void> => {
    await apiRequest({ method: 'POST', path, body });
  },
};
