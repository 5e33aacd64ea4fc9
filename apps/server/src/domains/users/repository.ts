import type { Preferences, Profile } from '@nimbus/contract';
import type { Queryable } from '../../infra/db/pool.js';
import type { Line } from './lines.js';

export interface UserRow {
  id: number;
  email: string;
  /** Null for an account made through a third-party login until a password is set. */
  password_hash: string | null;
  first_name: string;
  last_name: string;
  company: string;
  address1: string;
  address2: string;
  city: string;
  state: string;
  postcode: string;
  country: string;
  locale: 'en_US' | 'zh_CN';
  theme: 'light' | 'dark' | 'system';
  /** When the customer last saved locale and theme; null while they are the defaults. */
  preferences_saved_at: Date | null;
  balance: number;
  currency: string;
  aff_code: string;
  created_at: Date;
}

const PROFILE_COLUMNS: Record<keyof Profile, string> = {
  FirstName: 'first_name',
  LastName: 'last_name',
  Company: 'company',
  Address1: 'address1',
  Address2: 'address2',
  City: 'city',
  State: 'state',
  Postcode: 'postcode',
  Country: 'country',
};

export const users = {
  async byEmail(db: Queryable, email: string): Promise<UserRow | undefined> {
    const { rows } = await db.query<UserRow>('select * from users where lower(email) = lower($1)', [email]);
    return rows[0];
  },
  async byId(db: Queryable, id: number): Promise<UserRow | undefined> {
    const { rows } = await db.query<UserRow>('select * from users where id = $1', [id]);
    return rows[0];
  },
  /**
   * The user, with their row locked until the end of the caller's transaction: what serialises
   * changes of the balance and of what hangs off the account. FOR NO KEY UPDATE, not FOR UPDATE:
   * every row that references the user (idempotency keys, instances, invoices, payments) takes a
   * foreign-key share lock on it, which FOR UPDATE waits for, so two requests of one customer, each
   * having inserted such a row, would deadlock.
   */
  async lock(db: Queryable, id: number): Promise<UserRow | undefined> {
    const { rows } = await db.query<UserRow>('select * from users where id = $1 for no key update', [id]);
    return rows[0];
  },
  async byAffCode(db: Queryable, code: string): Promise<UserRow | undefined> {
    const { rows } = await db.query<UserRow>('select * from users where aff_code = $1', [code]);
    return rows[0];
  },
  async count(db: Queryable): Promise<number> {
    const { rows } = await db.query<{ n: number }>('select count(*)::int as n from users');
    return rows[0]?.n ?? 0;
  },
  async list(db: Queryable): Promise<UserRow[]> {
    return (await db.query<UserRow>('select * from users order by id')).rows;
  },
  async insert(
    db: Queryable,
    u: {
      email: string;
      passwordHash: string | null;
      currency: string;
      affCode: string;
      referredBy?: number;
      firstName?: string;
      lastName?: string;
    },
  ): Promise<UserRow> {
    const { rows } = await db.query<UserRow>(
      `insert into users (email, password_hash, currency, aff_code, referred_by, first_name, last_name)
       values ($1, $2, $3, $4, $5, $6, $7) returning *`,
      [u.email, u.passwordHash, u.currency, u.affCode, u.referredBy ?? null, u.firstName ?? '', u.lastName ?? ''],
    );
    return rows[0]!;
  },
  async setProfile(db: Queryable, id: number, p: Profile): Promise<UserRow> {
    const keys = Object.keys(PROFILE_COLUMNS) as (keyof Profile)[];
    const sets = keys.map((k, i) => `${PROFILE_COLUMNS[k]} = $${i + 2}`).join(', ');
    const { rows } = await db.query<UserRow>(`update users set ${sets}, updated_at = now() where id = $1 returning *`, [
      id,
      ...keys.map((k) => p[k]),
    ]);
    return rows[0]!;
  },
  async setPassword(db: Queryable, id: number, passwordHash: string): Promise<void> {
    await db.query('update users set password_hash = $2, updated_at = now() where id = $1', [id, passwordHash]);
  },
  /** Sets the first password of an account that has none; false when it already has one. */
  async addPassword(db: Queryable, id: number, passwordHash: string): Promise<boolean> {
    const { rowCount } = await db.query(
      'update users set password_hash = $2, updated_at = now() where id = $1 and password_hash is null',
      [id, passwordHash],
    );
    return rowCount === 1;
  },
  async setEmail(db: Queryable, id: number, email: string): Promise<void> {
    await db.query('update users set email = $2, updated_at = now() where id = $1', [id, email]);
  },
  async setPreferences(db: Queryable, id: number, p: Preferences): Promise<void> {
    await db.query(
      'update users set locale = $2, theme = $3, preferences_saved_at = now(), updated_at = now() where id = $1',
      [id, p.Locale, p.Theme],
    );
  },
  /** Who referred the customer, if anyone. */
  async referrerOf(db: Queryable, id: number): Promise<number | null> {
    const { rows } = await db.query<{ referred_by: number | null }>('select referred_by from users where id = $1', [
      id,
    ]);
    return rows[0]?.referred_by ?? null;
  },
  /** Sets a user's balance; the caller holds the user's lock (users.lock) and records the change in the ledger. */
  async setBalance(db: Queryable, id: number, balance: number): Promise<void> {
    await db.query('update users set balance = $2 where id = $1', [id, balance]);
  },
  /** Holds the demo account's lock until the transaction ends: one replica makes it. */
  async lockDemo(tx: Queryable): Promise<void> {
    await tx.query("select pg_advisory_xact_lock(hashtextextended('demo_account', 0))");
  },
};

export type LedgerKind = 'topup' | 'charge' | 'refund' | 'commission' | 'adjustment';

/** A movement of a user's balance: its note as English text, and as data (a line) when it is one. */
export interface LedgerEntry {
  userId: number;
  kind: LedgerKind;
  amount: number;
  balanceAfter: number;
  currency: string;
  note: string;
  noteData: Line | null;
}

export const ledger = {
  async insert(db: Queryable, e: LedgerEntry): Promise<void> {
    await db.query(
      `insert into ledger (user_id, kind, amount, balance_after, currency, note, note_data)
       values ($1, $2, $3, $4, $5, $6, $7)`,
      [e.userId, e.kind, e.amount, e.balanceAfter, e.currency, e.note, e.noteData],
    );
  },
};

export function toProfile(u: UserRow): Profile {
  return {
    FirstName: u.first_name,
    LastName: u.last_name,
    Company: u.company,
    Address1: u.address1,
    Address2: u.address2,
    City: u.city,
    State: u.state,
    Postcode: u.postcode,
    Country: u.country,
  };
}
