import { createHash, randomInt, timingSafeEqual } from 'node:crypto';
import { CODE } from '@nimbus/contract';
import type { Queryable } from '../../infra/db/pool.js';
import type { CodePurpose } from './mail-templates.js';

const digest = (purpose: CodePurpose, email: string, code: string) =>
  createHash('sha256').update(`${purpose}:${email}:${code}`).digest();

/** Six-digit codes sent by mail: hashed at rest, valid 10 minutes, 5 tries, one live code per address. */
export const codes = {
  async issue(db: Queryable, purpose: CodePurpose, email: string, userId?: number): Promise<string> {
    const code = String(randomInt(0, 10 ** CODE.length)).padStart(CODE.length, '0');
    await db.query(
      `insert into email_codes (purpose, email, user_id, code_hash, expires_at)
       values ($1, $2, $3, $4, now() + make_interval(secs => $5))
       on conflict (purpose, email) do update
         set user_id = excluded.user_id, code_hash = excluded.code_hash, attempts = 0,
             created_at = now(), expires_at = excluded.expires_at`,
      [purpose, email, userId ?? null, digest(purpose, email, code), CODE.ttlSeconds],
    );
    return code;
  },
  /** Spends one try; true only for the live code of that address (and user, when given). */
  async consume(db: Queryable, purpose: CodePurpose, email: string, code: string, userId?: number): Promise<boolean> {
    const { rows } = await db.query<{ code_hash: Buffer; user_id: number | null }>(
      `update email_codes set attempts = attempts + 1
       where purpose = $1 and email = $2 and expires_at > now() and attempts < $3
       returning code_hash, user_id`,
      [purpose, email, CODE.maxAttempts],
    );
    const row = rows[0];
    if (!row) return false;
    const ok =
      timingSafeEqual(row.code_hash, digest(purpose, email, code)) && (userId === undefined || row.user_id === userId);
    if (ok) await db.query('delete from email_codes where purpose = $1 and email = $2', [purpose, email]);
    return ok;
  },
};
