import { createHash, randomBytes } from 'node:crypto';
import type { SessionResult } from '@nimbus/contract';
import type { Queryable } from '../db/pool.js';

const digest = (id: string) => createHash('sha256').update(id).digest();

/** A session id as the sessions table stores it (its SHA-256). */
export const sessionHash = digest;

/** Session ids are 256 random bits; only their SHA-256 is stored. */
export const sessions = {
  async create(
    db: Queryable,
    userId: number,
    ttlSeconds: number,
    meta: { ip: string; userAgent: string },
  ): Promise<SessionResult> {
    const id = randomBytes(32).toString('base64url');
    const { rows } = await db.query<{ expire_at: Date }>(
      `insert into sessions (id_hash, user_id, expire_at, ip, user_agent)
       values ($1, $2, now() + make_interval(secs => $3), $4, $5) returning expire_at`,
      [digest(id), userId, ttlSeconds, meta.ip, meta.userAgent.slice(0, 256)],
    );
    return { session_id: id, expire_at: rows[0]!.expire_at.toISOString(), user_id: userId };
  },
  /** The user id of a live session, or undefined for unknown and expired ids. */
  async resolve(db: Queryable, id: string): Promise<number | undefined> {
    const { rows } = await db.query<{ user_id: number }>(
      'select user_id from sessions where id_hash = $1 and expire_at > now()',
      [digest(id)],
    );
    return rows[0]?.user_id;
  },
  async end(db: Queryable, id: string): Promise<void> {
    await db.query('delete from sessions where id_hash = $1', [digest(id)]);
  },
  /** Whether the session was made (its sign-in happened) at most `seconds` ago. */
  async signedInWithin(db: Queryable, id: string, seconds: number): Promise<boolean> {
    const { rows } = await db.query(
      'select 1 from sessions where id_hash = $1 and created_at > now() - make_interval(secs => $2)',
      [digest(id), seconds],
    );
    return rows.length > 0;
  },
  /** Ends every session of a user except keep (if given). */
  async endOthers(db: Queryable, userId: number, keep?: string): Promise<void> {
    await db.query('delete from sessions where user_id = $1 and id_hash <> $2', [
      userId,
      keep ? digest(keep) : Buffer.alloc(0),
    ]);
  },
  /** Whether the session of this hash is the user's and not expired. */
  async isLive(db: Queryable, idHash: Buffer, userId: number): Promise<boolean> {
    const { rowCount } = await db.query(
      'select 1 from sessions where id_hash = $1 and user_id = $2 and expire_at > now()',
      [idHash, userId],
    );
    return !!rowCount;
  },
};
