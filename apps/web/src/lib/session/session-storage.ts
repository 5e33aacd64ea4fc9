import { SESSION_STORAGE_KEY, SessionResult } from '@nimbus/contract';

export type StoredSession = SessionResult;

function parseStored(raw: string | null): StoredSession | null {
  if (!raw) return null;
  try {
    const parsed = SessionResult.safeParse(JSON.parse(raw));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

export function isSessionExpired(session: StoredSession, now = Date.now()): boolean {
  const expires = Date.parse(session.expire_at);
  return Number.isNaN(expires) || expires <= now;
}

/** The stored session, whether expired or not; null when absent or malformed. */
export function peekSession(): StoredSession | null {
  try {
    return parseStored(window.localStorage.getItem(SESSION_STORAGE_KEY));
  } catch {
    return null;
  }
}

/** The stored session if it is still valid; an expired or malformed one is removed. */
export function readSession(): StoredSession | null {
  const session = peekSession();
  if (session && !isSessionExpired(session)) return session;
  clearSession();
  return null;
}

export function writeSession(session: StoredSession): void {
  window.localStorage.setItem(SESSION_STORAGE_KEY, JSON.stringify(session));
}

export function clearSession(): void {
  try {
    window.localStorage.removeItem(SESSION_STORAGE_KEY);
  } catch {
    /* storage may be disabled */
  }
}
