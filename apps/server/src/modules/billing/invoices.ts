import type { Queryable } from '../../db/pool.js';
import type { ProductPlacement } from '../catalog/repository.js';
import type { InstanceRow } from '../instances/repository.js';
import type { Quote } from '../promotions/pricing.js';
import { toProfile, type UserRow } from '../users/repository.js';

export interface InvoiceRow {
  id: number;
  user_id: number;
  instance_id: number | null;
  kind: 'deploy' | 'renewal' | 'upgrade';
  status: 'unpaid' | 'paid' | 'cancelled';
  amount: number;
  currency: string;
  cycle: string | null;
  invoiced_to: Record<string, string>;
  created_at: Date;
  invoice_date: Date;
  due_date: Date;
  paid_at: Date | null;
  period_start: Date | null;
  period_end: Date | null;
}

/** The customer as the invoice names them (SPEC §3 "invoiced-to"), frozen at the time of the invoice. */
export function invoicedTo(user: UserRow): Record<string, string> {
  return { Email: user.email, ...toProfile(user) };
}

export const invoices = {
  /** The paid invoice of a deploy: the product for the first period, less the promotion. */
  async createPaid(
    db: Queryable,
    d: { user: UserRow; instance: InstanceRow; product: ProductPlacement; quote: Quote },
  ): Promise<InvoiceRow> {
    const { rows } = await db.query<InvoiceRow>(
      `insert into invoices (user_id, instance_id, kind, status, amount, currency, cycle, invoiced_to, due_date,
         paid_at, period_start, period_end)
       values ($1, $2, 'deploy', 'paid', $3, $4, $5, $6, now(), now(), now(), $7) returning *`,
      [
        d.user.id,
        d.instance.id,
        d.quote.Price,
        d.quote.Currency,
        d.quote.cycleKey,
        JSON.stringify(invoicedTo(d.user)),
        d.instance.due_at,
      ],
    );
    const invoice = rows[0]!;
    const line = `${d.product.group_name} ${d.product.name}, ${d.product.region_name} — ${d.instance.hostname}`;
    await db.query('insert into invoice_items (invoice_id, description, amount) values ($1, $2, $3)', [
      invoice.id,
      line,
      d.quote.OriginalPrice,
    ]);
    if (d.quote.promotion && d.quote.Discount > 0) {
      await db.query('insert into invoice_items (invoice_id, description, amount) values ($1, $2, $3)', [
        invoice.id,
        `Promotion ${d.quote.promotion.code.toUpperCase()}`,
        -d.quote.Discount,
      ]);
    }
    return invoice;
  },
  /** A deploy that failed: its invoice is cancelled (the charge is refunded through the ledger). */
  async cancelForInstance(db: Queryable, instanceId: number): Promise<void> {
    await db.query(`update invoices set status = 'cancelled' where instance_id = $1 and kind = 'deploy'`, [instanceId]);
  },
};
