import type { Queryable } from '../../infra/db/pool.js';
import type { CodePurpose } from './mail-templates.js';

/** A mailed code's row as a try reads it: the hash of the code and whom it was sent for. */
export interface EmailCodeTry {
  code_hash: Buffer;
  user_id: number | null;
}

export const emailCodes = {
  /** Stores the address's live code, replacing any earlier one (its tries start again). */
  async upsert(
    db: Queryable,
    c: { purpose: CodePurpose; email: string; userId: number | null; codeHash: Buffer; ttlSeconds: number },
  ): Promise<void> {
    await db.query(
      `insert into email_codes (purpose, email, user_id, code_hash, expires_at)
       values ($1, $2, $3, $4, now() + make_interval(secs => $5))
       on conflict (purpose, email) do update
         set user_id = excluded.user_id, code_hash = excluded.code_hash, attempts = 0,
             created_at = now(), expires_at = excluded.expires_at`,
      [c.purpose, c.email, c.userId, c.codeHash, c.ttlSeconds],
    );
  },
  /** Counts one try of the address's live code, if it has tries left; undefined when none is live. */
  async spendTry(
    db: Queryable,
    purpose: CodePurpose,
    email: string,
    maxAttempts: number,
  ): Promise<EmailCodeTry | undefined> {
    const { rows } = await db.query<EmailCodeTry>(
      `update email_codes set attempts = attempts + 1
       where purpose = $1 and email = $2 and expires_at > now() and attempts < $3
       returning code_hash, user_id`,
      [purpose, email, maxAttempts],
    );
    return rows[0];
  },
  async remove(db: Queryable, purpose: CodePurpose, email: string): Promise<void> {
    await db.query('delete from email_codes where purpose = $1 and email = $2', [purpose, email]);
  },
};

/** How long an Idempotency-Key's answer is kept for retries (customers' and operator tokens'). */
export const IDEMPOTENCY_KEEP_HOURS = 24;

/**
 * What the purge deletes: rows no request can use any more. Each a single DELETE, harmless when
 * two replicas run it at once.
 */
const EXPIRED = {
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

/** The kinds of rows the purge deletes, in the order it deletes them. */
export type ExpiredKind = keyof typeof EXPIRED;
export const EXPIRED_KINDS = Object.keys(EXPIRED) as ExpiredKind[];

export const expired = {
  /** Deletes the expired rows of one kind; answers how many went. */
  async purge(db: Queryable, kind: ExpiredKind): Promise<number> {
    return (await db.query(EXPIRED[kind])).rowCount ?? 0;
  },
};
