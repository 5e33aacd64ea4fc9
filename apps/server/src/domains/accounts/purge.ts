import type { Queryable } from '../../infra/db/pool.js';

/** How long an Idempotency-Key's answer is kept for retries (customers' and operator tokens'). */
export const IDEMPOTENCY_KEEP_HOURS = 24;

/**
 * What the purge deletes: rows no request can use any more. Each a single DELETE, harmless when
 * two replicas run it at once.
 */
const PURGES = {
  sessions: 'delete from sessions where expire_at <= now()',
  idempotencyKeys: `delete from idempotency_keys where created_at < now() - make_interval(hours => ${IDEMPOTENCY_KEEP_HOURS})`,
  staffIdempotencyKeys: `delete from staff_idempotency_keys where created_at < now() - make_interval(hours => ${IDEMPOTENCY_KEEP_HOURS})`,
  // A code that is used is deleted at once; one whose tries are spent stays no use until it expires.
  emailCodes: 'delete from email_codes where expires_at <= now()',
  oauthStates: 'delete from oauth_states where expires_at <= now()',
  oauthLoginCodes: 'delete from oauth_login_codes where expires_at <= now()',
  // An hour late, like the housekeeping in consoles/repository.ts: a late use is told it expired.
  consoleTokens: "delete from console_tokens where expires_at < now() - interval '1 hour'",
  // A solved challenge is refused as a replay until it expires; then its expiry refuses it.
  captchaSpent: 'delete from captcha_spent where expires_at <= now()',
} as const;

/** Deletes expired sessions, old idempotency keys and spent codes; answers how many rows of each went. */
export async function purgeExpired(db: Queryable): Promise<Record<keyof typeof PURGES, number>> {
  const removed = {} as Record<keyof typeof PURGES, number>;
  for (const [name, sql] of Object.entries(PURGES) as [keyof typeof PURGES, string][]) {
    removed[name] = (await db.query(sql)).rowCount ?? 0;
  }
  return removed;
}
