import type { Queryable } from '../../infra/db/pool.js';

export interface IdentityRow {
  id: number;
  user_id: number;
  provider: string;
  subject: string;
  email: string;
  created_at: Date;
}

export interface StateRow {
  provider: string;
  purpose: 'login' | 'bind';
  user_id: number | null;
  code_verifier: string;
  nonce: string;
  redirect: string;
  aff_code: string;
  terms_accepted: boolean;
}

export const identities = {
  async find(db: Queryable, provider: string, subject: string): Promise<IdentityRow | undefined> {
    const { rows } = await db.query<IdentityRow>('select * from identities where provider = $1 and subject = $2', [
      provider,
      subject,
    ]);
    return rows[0];
  },
  async ofUser(db: Queryable, userId: number): Promise<IdentityRow[]> {
    return (await db.query<IdentityRow>('select * from identities where user_id = $1 order by id', [userId])).rows;
  },
  /** Binds; false when the identity or the account's slot for the provider is taken. */
  async insert(db: Queryable, i: { userId: number; provider: string; subject: string; email: string }) {
    const { rowCount } = await db.query(
      `insert into identities (user_id, provider, subject, email) values ($1, $2, $3, $4) on conflict do nothing`,
      [i.userId, i.provider, i.subject, i.email],
    );
    return rowCount === 1;
  },
  async remove(db: Queryable, userId: number, provider: string): Promise<boolean> {
    const { rowCount } = await db.query('delete from identities where user_id = $1 and provider = $2', [
      userId,
      provider,
    ]);
    return rowCount === 1;
  },
};

export const oauthStates = {
  async insert(
    db: Queryable,
    s: StateRow & { stateHash: Buffer; browserHash: Buffer; ttlSeconds: number },
  ): Promise<void> {
    await db.query(
      `insert into oauth_states (state_hash, browser_hash, provider, purpose, user_id, code_verifier, nonce,
         redirect, aff_code, terms_accepted, expires_at)
       values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, now() + make_interval(secs => $11))`,
      [
        s.stateHash,
        s.browserHash,
        s.provider,
        s.purpose,
        s.user_id,
        s.code_verifier,
        s.nonce,
        s.redirect,
        s.aff_code,
        s.terms_accepted,
        s.ttlSeconds,
      ],
    );
    if (Math.random() < 0.05) await db.query('delete from oauth_states where expires_at < now()');
  },
  /** Takes a live state started in this browser for this provider: each state answers once. */
  async take(db: Queryable, stateHash: Buffer, browserHash: Buffer, provider: string): Promise<StateRow | undefined> {
    const { rows } = await db.query<StateRow>(
      `delete from oauth_states where state_hash = $1
       returning provider, purpose, user_id, code_verifier, nonce, redirect, aff_code, terms_accepted,
         (browser_hash = $2 and provider = $3 and expires_at > now()) as valid`,
      [stateHash, browserHash, provider],
    );
    const row = rows[0] as (StateRow & { valid: boolean }) | undefined;
    if (!row?.valid) return undefined;
    const { valid: _valid, ...state } = row;
    return state;
  },
};

/** One-time codes of a finished sign-in, traded once by the page for the session (migration 0030). */
export const loginCodes = {
  async insert(db: Queryable, c: { codeHash: Buffer; browserHash: Buffer; userId: number; ttlSeconds: number }) {
    await db.query(
      `insert into oauth_login_codes (code_hash, browser_hash, user_id, expires_at)
       values ($1, $2, $3, now() + make_interval(secs => $4))`,
      [c.codeHash, c.browserHash, c.userId, c.ttlSeconds],
    );
  },
  /** Spends the code whatever the outcome; its user when it is live and this is the browser it was made for. */
  async take(db: Queryable, codeHash: Buffer, browserHash: Buffer): Promise<number | undefined> {
    const { rows } = await db.query<{ user_id: number; valid: boolean }>(
      `delete from oauth_login_codes where code_hash = $1
       returning user_id, (browser_hash = $2 and expires_at > now()) as valid`,
      [codeHash, browserHash],
    );
    return rows[0]?.valid ? Number(rows[0].user_id) : undefined;
  },
};
