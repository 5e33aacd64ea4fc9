import { createHmac } from 'node:crypto';
import { cookieValue } from '../../infra/lib/cookies.js';

/** The first-party cookie that tells one visitor of a referral link from another. */
export const VISITOR_COOKIE = 'nimbus_vid';
const YEAR_SECONDS = 365 * 86_400;

/** Keyed, so a stored hash cannot be matched against every address and common user agent. */
const mac = (key: Buffer, text: string) => createHmac('sha256', key).update(text).digest();

/**
 * Who visits: the id of the visitor's cookie, or, for a first visit or a browser without cookies,
 * one derived from the address and user agent (so a second cookie-less visit is the same visitor).
 * Only a keyed hash of it is ever stored; `setCookie` is the header that keeps the id for next time.
 */
export function visitorOf(
  req: { cookie?: string; ip: string; userAgent: string; secure: boolean },
  key: Buffer,
): {
  hash: Buffer;
  setCookie?: string;
} {
  const fromCookie = cookieValue(req.cookie, VISITOR_COOKIE);
  const valid = fromCookie && /^[A-Za-z0-9_-]{16,64}$/.test(fromCookie) ? fromCookie : undefined;
  const id = valid ?? mac(key, `visitor|${req.ip}|${req.userAgent}`).toString('base64url').slice(0, 32);
  const hash = mac(key, `aff-click|${id}`);
  if (valid) return { hash };
  const attrs = [
    'Path=/api/aff',
    `Max-Age=${YEAR_SECONDS}`,
    'HttpOnly',
    'SameSite=Lax',
    ...(req.secure ? ['Secure'] : []),
  ];
  return { hash, setCookie: `${VISITOR_COOKIE}=${id}; ${attrs.join('; ')}` };
}
