import type { InvoicedTo, Issuer, Locale, PaymentStatus } from '@nimbus/contract';
import type { GatewayId } from '../../infra/config/env.js';
import type { Queryable } from '../../infra/db/pool.js';

export interface PaymentRow {
  id: number;
  user_id: number;
  method: GatewayId;
  purpose: 'topup' | 'invoice';
  invoice_id: number | null;
  amount: number;
  currency: string;
  status: PaymentStatus;
  url: string | null;
  gateway_ref: string | null;
  created_at: Date;
  completed_at: Date | null;
  /** Stamped at insert (migration 0042): the customer's language, billing details and the issuer then. */
  locale: Locale;
  billed_to: InvoicedTo | null;
  issuer: Issuer | null;
  /** Migration 0016: the gateway's id of the completed charge, what was refunded, a dispute's state. */
  charge_ref: string | null;
  refunded: number;
  dispute_status: 'open' | 'won' | 'lost' | null;
}

export const payments = {
  async insert(
    db: Queryable,
    p: {
      userId: number;
      method: GatewayId;
      purpose: PaymentRow['purpose'];
      invoiceId: number | null;
      amount: number;
      currency: string;
      /** The language the customer pays in (the checkout page's and the receipt's); else their account's. */
      locale?: Locale;
    },
  ): Promise<PaymentRow> {
    const { rows } = await db.query<PaymentRow>(
      `insert into payments (user_id, method, purpose, invoice_id, amount, currency, locale)
       values ($1, $2, $3, $4, $5, $6, $7) returning *`,
      [p.userId, p.method, p.purpose, p.invoiceId, p.amount, p.currency, p.locale ?? null],
    );
    return rows[0]!;
  },
  async setCheckout(db: Queryable, id: number, url: string, ref: string | null): Promise<PaymentRow | undefined> {
    const { rows } = await db.query<PaymentRow>(
      'update payments set url = $2, gateway_ref = $3 where id = $1 returning *',
      [id, url, ref],
    );
    return rows[0];
  },
  /** Removes a payment that never reached a checkout page (nobody can have paid it); true if it did. */
  async dropUnstarted(db: Queryable, id: number): Promise<boolean> {
    const { rowCount } = await db.query(`delete from payments where id = $1 and status = 'pending' and url is null`, [
      id,
    ]);
    return rowCount === 1;
  },
  /** One payment; with userId, only if it is that user's. */
  async byId(db: Queryable, id: number, userId?: number): Promise<PaymentRow | undefined> {
    const { rows } = await db.query<PaymentRow>(
      'select * from payments where id = $1 and ($2::bigint is null or user_id = $2)',
      [id, userId ?? null],
    );
    return rows[0];
  },
  /** The payment, locked until the end of the caller's transaction. */
  async lock(db: Queryable, id: number): Promise<PaymentRow | undefined> {
    const { rows } = await db.query<PaymentRow>('select * from payments where id = $1 for update', [id]);
    return rows[0];
  },
  /** The payment whose completed charge the gateway names, locked like `lock`. */
  async lockByCharge(db: Queryable, method: GatewayId, charge: string): Promise<PaymentRow | undefined> {
    const { rows } = await db.query<PaymentRow>(
      'select * from payments where method = $1 and charge_ref = $2 for update',
      [method, charge],
    );
    return rows[0];
  },
  async setCharge(db: Queryable, id: number, charge: string): Promise<void> {
    await db.query('update payments set charge_ref = $2 where id = $1 and charge_ref is null', [id, charge]);
  },
  async setReversal(
    db: Queryable,
    id: number,
    r: { refunded: number; disputeStatus: PaymentRow['dispute_status'] },
  ): Promise<void> {
    await db.query('update payments set refunded = $2, dispute_status = $3 where id = $1', [
      id,
      r.refunded,
      r.disputeStatus,
    ]);
  },
  async setStatus(db: Queryable, id: number, status: PaymentStatus): Promise<PaymentRow> {
    const { rows } = await db.query<PaymentRow>(
      `update payments set status = $2, completed_at = case when $2 = 'pending' then null else now() end
       where id = $1 returning *`,
      [id, status],
    );
    return rows[0]!;
  },
  /** The operator's view: payments with their customer's email, newest first. */
  async list(
    db: Queryable,
    filter: { userId?: number; status?: string },
    limit = 200,
  ): Promise<(PaymentRow & { email: string })[]> {
    const { rows } = await db.query<PaymentRow & { email: string }>(
      `select p.*, u.email from payments p join users u on u.id = p.user_id
       where ($1::bigint is null or p.user_id = $1) and ($2::text is null or p.status = $2)
       order by p.id desc limit $3`,
      [filter.userId ?? null, filter.status ?? null, limit],
    );
    return rows;
  },
};
