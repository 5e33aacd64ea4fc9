import { createHash, randomInt, timingSafeEqual } from 'node:crypto';
import { CODE } from '@nimbus/contract';
import type { Queryable } from '../../infra/db/pool.js';
import type { CodePurpose } from './mail-templates.js';
import { emailCodes } from './repository.js';

const digest = (purpose: CodePurpose, email: string, code: string) =>
  createHash('sha256').update(`${purpose}:${email}:${code}`).digest();

/** Six-digit codes sent by mail: hashed at rest, valid 10 minutes, 5 tries, one live code per address. */
export const codes = {
  async issue(db: Queryable, purpose: CodePurpose, email: string, userId?: number): Promise<string> {
    const code = String(randomInt(0, 10 ** CODE.length)).padStart(CODE.length, '0');
    await emailCodes.upsert(db, {
      purpose,
      email,
      userId: userId ?? null,
      codeHash: digest(purpose, email, code),
      ttlSeconds: CODE.ttlSeconds,
    });
    return code;
  },
  /** Spends one try; true only for the live code of that address (and user, when given). */
  async consume(db: Queryable, purpose: CodePurpose, email: string, code: string, userId?: number): Promise<boolean> {
    const row = await emailCodes.spendTry(db, purpose, email, CODE.maxAttempts);
    if (!row) return false;
    const ok =
      timingSafeEqual(row.code_hash, digest(purpose, email, code)) && (userId === undefined || row.user_id === userId);
    if (ok) await emailCodes.remove(db, purpose, email);
    return ok;
  },
};
