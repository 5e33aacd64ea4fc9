import type { Queryable, Tx } from '../../infra/db/pool.js';

export interface CommissionRow {
  id: number;
  referrer_id: number;
  customer_id: number;
  invoice_id: number;
  invoice_amount: number;
  rate_bps: number;
  amount: number;
  currency: string;
  status: 'pending' | 'available' | 'reversed';
  created_at: Date;
  available_at: Date;
  reversed_at: Date | null;
}

export interface Totals {
  clicks: number;
  signups: number;
  purchases: number;
  pending: number;
  available: number;
  paid_out: number;
}

export interface DayRow {
  day: string;
  clicks: number;
  signups: number;
  purchases: number;
  commission: number;
}

/** The only code of the affiliate programme that touches SQL. */
export const affiliateRepo = {
  /** The referrer's own rate, else the programme's, in basis points; undefined when the operator set none. */
  async rateBps(db: Queryable, userId: number | null): Promise<number | undefined> {
    const { rows } = await db.query<{ rate_bps: number }>(
      `select rate_bps from affiliate_rates where user_id = $1 or user_id is null
       order by user_id nulls last limit 1`,
      [userId],
    );
    return rows[0]?.rate_bps;
  },
  async setRate(db: Queryable, userId: number | null, bps: number): Promise<void> {
    await db.query(
      `insert into affiliate_rates (user_id, rate_bps) values ($1, $2)
       on conflict ((coalesce(user_id, 0))) do update set rate_bps = excluded.rate_bps, updated_at = now()`,
      [userId, bps],
    );
  },
  async rates(db: Queryable): Promise<{ email: string | null; rate_bps: number }[]> {
    const { rows } = await db.query<{ email: string | null; rate_bps: number }>(
      `select u.email, r.rate_bps from affiliate_rates r left join users u on u.id = r.user_id
       order by r.user_id nulls first, u.email`,
    );
    return rows;
  },
  /** Counts a visit once per (referrer, day, visitor); answers whether it was the first. */
  async click(db: Queryable, referrerId: number, day: string, visitorHash: Buffer): Promise<boolean> {
    const r = await db.query(
      `insert into affiliate_clicks (referrer_id, day, visitor_hash) values ($1, $2, $3) on conflict do nothing`,
      [referrerId, day, visitorHash],
    );
    return r.rowCount === 1;
  },
  async insertCommission(
    tx: Tx,
    c: Omit<CommissionRow, 'id' | 'status' | 'reversed_at'>,
  ): Promise<CommissionRow | undefined> {
    const { rows } = await tx.query<CommissionRow>(
      `insert into affiliate_commissions (referrer_id, customer_id, invoice_id, invoice_amount, rate_bps, amount,
         currency, status, created_at, available_at)
       values ($1, $2, $3, $4, $5, $6, $7, 'pending', $8, $9)
       on conflict (invoice_id) do nothing returning *`,
      [
        c.referrer_id,
        c.customer_id,
        c.invoice_id,
        c.invoice_amount,
        c.rate_bps,
        c.amount,
        c.currency,
        c.created_at,
        c.available_at,
      ],
    );
    return rows[0];
  },
  /** Marks an invoice's commission reversed; answers it as it was before. */
  async reverse(tx: Tx, invoiceId: number, now: Date): Promise<CommissionRow | undefined> {
    const { rows } = await tx.query<CommissionRow>(
      `update affiliate_commissions c set status = 'reversed', reversed_at = $2
       from (select id, status from affiliate_commissions where invoice_id = $1 for update) old
       where c.id = old.id and old.status <> 'reversed'
       returning c.id, c.referrer_id, c.amount, c.currency, old.status`,
      [invoiceId, now],
    );
    return rows[0];
  },
  /** Pending commissions whose hold has passed become available; answers how many. */
  async release(db: Queryable, now: Date): Promise<number> {
    const r = await db.query(
      `update affiliate_commissions set status = 'available' where status = 'pending' and available_at <= $1`,
      [now],
    );
    return r.rowCount ?? 0;
  },
  /** Available commission not yet moved into the balance; negative while a reversal is still owed. */
  async withdrawable(db: Queryable, userId: number): Promise<number> {
    const { rows } = await db.query<{ n: number }>(
      `select (coalesce((select sum(amount) from affiliate_commissions where referrer_id = $1 and status = 'available'), 0)
         - coalesce((select sum(amount) from affiliate_payouts where user_id = $1), 0))::bigint as n`,
      [userId],
    );
    return rows[0]?.n ?? 0;
  },
  async addPayout(tx: Tx, userId: number, amount: number, currency: string): Promise<void> {
    await tx.query('insert into affiliate_payouts (user_id, amount, currency) values ($1, $2, $3)', [
      userId,
      amount,
      currency,
    ]);
  },
  async totals(db: Queryable, userId: number): Promise<Totals> {
    const { rows } = await db.query<Totals>(
      `select
         (select count(*) from affiliate_clicks where referrer_id = $1)::int as clicks,
         (select count(*) from users where referred_by = $1)::int as signups,
         c.purchases, c.pending, c.available,
         coalesce((select sum(amount) from affiliate_payouts where user_id = $1), 0)::bigint as paid_out
       from (select count(*) filter (where status <> 'reversed')::int as purchases,
               coalesce(sum(amount) filter (where status = 'pending'), 0)::bigint as pending,
               coalesce(sum(amount) filter (where status = 'available'), 0)::bigint as available
             from affiliate_commissions where referrer_id = $1) c`,
      [userId],
    );
    return rows[0]!;
  },
  async days(db: Queryable, userId: number, from: string, to: string): Promise<DayRow[]> {
    const { rows } = await db.query<DayRow>(
      `select to_char(d, 'YYYY-MM-DD') as day,
         (select count(*) from affiliate_clicks where referrer_id = $1 and day = d)::int as clicks,
         (select count(*) from users where referred_by = $1 and (created_at at time zone 'UTC')::date = d)::int
           as signups,
         (select count(*) from affiliate_commissions where referrer_id = $1 and status <> 'reversed'
           and (created_at at time zone 'UTC')::date = d)::int as purchases,
         (select coalesce(sum(amount), 0) from affiliate_commissions where referrer_id = $1 and status <> 'reversed'
           and (created_at at time zone 'UTC')::date = d)::bigint as commission
       from generate_series($2::date, $3::date, interval '1 day') as g(d)
       order by d`,
      [userId, from, to],
    );
    return rows;
  },
  async signups(db: Queryable, userId: number, limit: number, offset: number) {
    const { rows } = await db.query<{ email: string; created_at: Date; purchases: number; total: number }>(
      `select u.email, u.created_at, count(*) over ()::int as total,
         (select count(*) from affiliate_commissions c where c.customer_id = u.id and c.referrer_id = $1
           and c.status <> 'reversed')::int as purchases
       from users u where u.referred_by = $1 order by u.created_at desc, u.id desc limit $2 offset $3`,
      [userId, limit, offset],
    );
    const total =
      rows[0]?.total ?? (await affiliateRepo.count(db, 'select count(*) from users where referred_by = $1', userId));
    return { total, rows };
  },
  async commissions(db: Queryable, userId: number, limit: number, offset: number) {
    const { rows } = await db.query<CommissionRow & { total: number }>(
      `select *, count(*) over ()::int as total from affiliate_commissions where referrer_id = $1
       order by id desc limit $2 offset $3`,
      [userId, limit, offset],
    );
    const total =
      rows[0]?.total ??
      (await affiliateRepo.count(db, 'select count(*) from affiliate_commissions where referrer_id = $1', userId));
    return { total, rows };
  },
  async count(db: Queryable, sql: string, userId: number): Promise<number> {
    const { rows } = await db.query<{ count: number }>(`select (${sql})::int as count`, [userId]);
    return rows[0]?.count ?? 0;
  },
};
