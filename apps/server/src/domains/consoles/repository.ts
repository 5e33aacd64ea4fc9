import { createHash, randomBytes } from 'node:crypto';
import type { Queryable } from '../../infra/db/pool.js';

export type ConsoleKind = 'vnc' | 'xterm';

/** How long a console token may wait for its WebSocket: enough for a page to load noVNC or xterm.js. */
export const TOKEN_TTL_SECONDS = 30;

export interface ConsoleGrant {
  userId: number;
  instanceId: number;
  kind: ConsoleKind;
  /** The sign-in session that asked for the console (sessions.id_hash). */
  sessionHash: Buffer | null;
}

const digest = (token: string) => createHash('sha256').update(token).digest();

export const consoleTokens = {
  /** Stores a new token's hash for a customer, an instance and a console kind; returns the token. */
  async issue(db: Queryable, g: ConsoleGrant): Promise<string> {
    const token = randomBytes(24).toString('base64url');
    await db.query(
      `insert into console_tokens (token_hash, user_id, instance_id, kind, expires_at, session_hash)
       values ($1, $2, $3, $4, now() + make_interval(secs => $5), $6)`,
      [digest(token), g.userId, g.instanceId, g.kind, TOKEN_TTL_SECONDS, g.sessionHash],
    );
    // Tokens that were never used expire on their own; sweep them now and then, not on every issue.
    if (Math.random() < 0.05) await db.query("delete from console_tokens where expires_at < now() - interval '1 hour'");
    return token;
  },

  /**
   * Consumes a token: deleted in the same statement that reads it, so two sockets racing with one
   * token cannot both win, and a token offered for the wrong instance or kind is spent too.
   * Answers the grant only when the token is live and matches the instance and kind asked for.
   */
  async consume(db: Queryable, token: string, instanceId: number, kind: ConsoleKind): Promise<ConsoleGrant | null> {
    if (token.length === 0 || token.length > 128) return null;
    const { rows } = await db.query<{
      user_id: string;
      instance_id: string;
      kind: ConsoleKind;
      live: boolean;
      session_hash: Buffer | null;
    }>(
      `delete from console_tokens where token_hash = $1
       returning user_id, instance_id, kind, expires_at > now() as live, session_hash`,
      [digest(token)],
    );
    const row = rows[0];
    if (!row || !row.live || Number(row.instance_id) !== instanceId || row.kind !== kind) return null;
    return { userId: Number(row.user_id), instanceId, kind, sessionHash: row.session_hash };
  },
};

/** Consoles open on any replica (open_consoles), counted against the caps. */
export const openConsoleRows = {
  /** Holds the customer's lock until the transaction ends, so two consoles opened at once are counted one after the other. */
  async lockCustomer(tx: Queryable, userId: number): Promise<void> {
    await tx.query("select pg_advisory_xact_lock(hashtextextended('open_consoles:' || $1::text, 0))", [userId]);
  },
  async insert(tx: Queryable, userId: number, instanceId: number): Promise<number> {
    const { rows } = await tx.query<{ id: string }>(
      'insert into open_consoles (user_id, instance_id) values ($1, $2) returning id',
      [userId, instanceId],
    );
    return Number(rows[0]!.id);
  },
  async remove(db: Queryable, id: number): Promise<void> {
    await db.query('delete from open_consoles where id = $1', [id]);
  },
  /** Still open here: the rows keep counting on every replica. */
  async touch(db: Queryable, ids: number[]): Promise<void> {
    await db.query('update open_consoles set seen_at = now() where id = any($1::bigint[])', [ids]);
  },
  /** The customer's and the instance's consoles seen within `staleSeconds`. */
  async count(
    db: Queryable,
    userId: number,
    instanceId: number,
    staleSeconds: number,
  ): Promise<{ customer: number; instance: number }> {
    const { rows } = await db.query<{ customer: number; instance: number }>(
      `select count(*)::int as customer, (count(*) filter (where instance_id = $2))::int as instance
       from open_consoles where user_id = $1 and seen_at > now() - make_interval(secs => $3)`,
      [userId, instanceId, staleSeconds],
    );
    return rows[0] ?? { customer: 0, instance: 0 };
  },
};
