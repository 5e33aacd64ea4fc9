import type { StoredSession } from './session/session-storage';

// Search params arrive JSON-parsed by the router ("5" becomes 5), so strings are coerced back.

export function optionalString(value: unknown): string | undefined {
  if (typeof value === 'string') return value === '' ? undefined : value;
  if (typeof value === 'number' && Number.isFinite(value)) return String(value);
  return undefined;
}

export function optionalNumber(value: unknown): number | undefined {
  const n = typeof value === 'string' && value.trim() !== '' ? Number(value) : value;
  return typeof n === 'number' && Number.isFinite(n) ? n : undefined;
}

/** A whole number from min to max, or undefined. */
export function optionalWhole(value: unknown, min: number, max = Number.MAX_SAFE_INTEGER): number | undefined {
  const n = optionalNumber(value);
  return n !== undefined && Number.isInteger(n) && n >= min && n <= max ? n : undefined;
}

/**
 * One of a record's keys, or undefined. Search parsers load with the entry, so they check against
 * a record typed by the contract instead of importing the contract's runtime lists.
 */
export function optionalKey<K extends string>(value: unknown, keys: Record<K, true>): K | undefined {
  return typeof value === 'string' && Object.hasOwn(keys, value) ? (value as K) : undefined;
}

export interface LoginSearch {
  redirect?: string;
  code?: number;
  ssid?: string;
  uid?: number;
  expires?: string;
  /** A third-party sign-in's one-time code, traded for the session (POST api/oauth/session). */
  oauth_code?: string;
  /** Why a third-party sign-in failed (OAUTH_LOGIN_ERRORS; the alert reads unknown ones as "failed"). */
  oauth_error?: string;
  provider?: string;
}

export function parseLoginSearch(raw: Record<string, unknown>): LoginSearch {
  return {
    redirect: optionalString(raw.redirect),
    code: optionalNumber(raw.code),
    ssid: optionalString(raw.ssid),
    uid: optionalNumber(raw.uid),
    expires: optionalString(raw.expires),
    oauth_code: optionalString(raw.oauth_code),
    oauth_error: optionalString(raw.oauth_error),
    provider: optionalString(raw.provider),
  };
}

/** `expires` as a date string or epoch seconds/milliseconds; null when it is not a date. */
export function parseExpires(value: string | undefined): Date | null {
  if (value === undefined) return null;
  const numeric = /^\d+$/.test(value) ? Number(value) : NaN;
  const ms = Number.isNaN(numeric) ? Date.parse(value) : numeric < 1e12 ? numeric * 1000 : numeric;
  return Number.isNaN(ms) ? null : new Date(ms);
}

/** The return of a third-party login: a session when ssid is given, uid > 0 and expires is ahead. */
export function sessionFromSearch(search: LoginSearch, now = Date.now()): StoredSession | null {
  const expires = parseExpires(search.expires);
  if (!search.ssid || search.uid === undefined || !Number.isInteger(search.uid) || search.uid <= 0) return null;
  if (!expires || expires.getTime() <= now) return null;
  return { session_id: search.ssid, user_id: search.uid, expire_at: expires.toISOString() };
}
