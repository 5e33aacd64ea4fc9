import { AppError } from '../../infra/lib/errors.js';
import { users } from '../users/index.js';
import type { Queryable } from '../../infra/db/pool.js';

export interface SshKeyRow {
  id: number;
  user_id: number;
  name: string;
  public_key: string;
  fingerprint: string;
  created_at: Date;
  updated_at: Date;
}

export interface SshKeyValues {
  name: string;
  publicKey: string;
  fingerprint: string;
}

/** The unique constraint that keeps one customer from storing the same key twice. */
export const DUPLICATE_KEY_CONSTRAINT = 'ssh_keys_user_fingerprint_key';

export const sshKeys = {
  /**
   * The public keys of `ids`, all the customer's, to install on a server (deploy, reinstall).
   * Another customer's key, or one that does not exist, is "not found" (never "forbidden").
   */
  async publicKeys(db: Queryable, userId: number, ids: number[]): Promise<string[]> {
    if (!ids.length) return [];
    const { rows } = await db.query<{ id: number; public_key: string }>(
      'select id, public_key from ssh_keys where user_id = $1 and id = any($2)',
      [userId, ids],
    );
    if (new Set(rows.map((r) => r.id)).size !== new Set(ids).size) throw new AppError('db_no_record', 404);
    return rows.map((r) => r.public_key);
  },
  /** A customer's keys, newest first. */
  async list(db: Queryable, userId: number): Promise<SshKeyRow[]> {
    const { rows } = await db.query<SshKeyRow>(
      'select * from ssh_keys where user_id = $1 order by created_at desc, id desc',
      [userId],
    );
    return rows;
  },
  /** Counts a customer's keys while holding their user row, so concurrent adds count in turn. */
  async countLocked(db: Queryable, userId: number): Promise<number> {
    await users.lock(db, userId);
    const { rows } = await db.query<{ n: number }>('select count(*)::int as n from ssh_keys where user_id = $1', [
      userId,
    ]);
    return rows[0]?.n ?? 0;
  },
  async insert(db: Queryable, userId: number, v: SshKeyValues): Promise<SshKeyRow> {
    const { rows } = await db.query<SshKeyRow>(
      `insert into ssh_keys (user_id, name, public_key, fingerprint) values ($1, $2, $3, $4) returning *`,
      [userId, v.name, v.publicKey, v.fingerprint],
    );
    return rows[0]!;
  },
  /** Updates one of the customer's keys; undefined when they have no key with that id. */
  async update(db: Queryable, userId: number, id: number, v: SshKeyValues): Promise<SshKeyRow | undefined> {
    const { rows } = await db.query<SshKeyRow>(
      `update ssh_keys set name = $3, public_key = $4, fingerprint = $5, updated_at = now()
       where id = $1 and user_id = $2 returning *`,
      [id, userId, v.name, v.publicKey, v.fingerprint],
    );
    return rows[0];
  },
  /** Deletes one of the customer's keys; false when they have no key with that id. */
  async delete(db: Queryable, userId: number, id: number): Promise<boolean> {
    const { rowCount } = await db.query('delete from ssh_keys where id = $1 and user_id = $2', [id, userId]);
    return rowCount === 1;
  },
};
