import { createHash, randomBytes } from 'node:crypto';
import { STAFF_SCOPES, type StaffScope } from '@nimbus/contract';
import type { Queryable } from '../../infra/db/pool.js';

/** Tokens read `nst_` and 43 base64url characters (256 random bits); only their SHA-256 is stored. */
const PREFIX = 'nst_';
const TOKEN = /^nst_[A-Za-z0-9_-]{43}$/;
const digest = (token: string) => createHash('sha256').update(token).digest();

export interface StaffCaller {
  tokenId: number;
  name: string;
  scopes: StaffScope[];
}

export interface StaffTokenRow {
  id: number;
  name: string;
  scopes: StaffScope[];
  created_at: Date;
  last_used_at: Date | null;
  revoked_at: Date | null;
}

export function parseScopes(text: string | undefined): StaffScope[] {
  if (!text) return [...STAFF_SCOPES];
  const scopes = [...new Set(text.split(',').map((s) => s.trim()))];
  for (const s of scopes) {
    if (!(STAFF_SCOPES as readonly string[]).includes(s)) {
      throw new Error(`unknown scope ${s}: use ${STAFF_SCOPES.join(', ')}`);
    }
  }
  return scopes as StaffScope[];
}

export const staffTokens = {
  /** Makes a token; the only time the token itself exists outside the caller's hands. */
  async create(db: Queryable, name: string, scopes: StaffScope[]): Promise<{ id: number; token: string }> {
    const token = PREFIX + randomBytes(32).toString('base64url');
    const { rows } = await db.query<{ id: number }>(
      'insert into staff_tokens (name, token_hash, scopes) values ($1, $2, $3) returning id::int',
      [name, digest(token), scopes],
    );
    return { id: rows[0]!.id, token };
  },
  /** The caller a live token stands for; unknown, malformed and revoked tokens are undefined. */
  async resolve(db: Queryable, token: string): Promise<StaffCaller | undefined> {
    if (!TOKEN.test(token)) return undefined;
    const { rows } = await db.query<{ id: number; name: string; scopes: StaffScope[] }>(
      // last_used_at is written at most once a minute, not on every request.
      `with t as (select id, name, scopes from staff_tokens where token_hash = $1 and revoked_at is null),
            touched as (update staff_tokens s set last_used_at = now() from t
                        where s.id = t.id and (s.last_used_at is null or s.last_used_at < now() - interval '1 minute'))
       select id::int, name, scopes from t`,
      [digest(token)],
    );
    const row = rows[0];
    return row && { tokenId: row.id, name: row.name, scopes: row.scopes };
  },
  async revoke(db: Queryable, id: number): Promise<boolean> {
    const { rowCount } = await db.query(
      'update staff_tokens set revoked_at = now() where id = $1 and revoked_at is null',
      [id],
    );
    return rowCount === 1;
  },
  async list(db: Queryable): Promise<StaffTokenRow[]> {
    const { rows } = await db.query<StaffTokenRow>(
      'select id::int, name, scopes, created_at, last_used_at, revoked_at from staff_tokens order by id',
    );
    return rows;
  },
};
