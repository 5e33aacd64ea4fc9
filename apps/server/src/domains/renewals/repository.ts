import type { Queryable, Tx } from '../../infra/db/pool.js';
import { type InvoiceRow, billing } from '../billing/index.js';

/** What a renewal step mails (one of each per invoice at most). */
export type NoticeKind = 'invoice' | 'autopay_failed' | 'renewed' | 'resumed' | 'suspended' | 'destroyed';

/**
 * Instances the renewals look after: they have (or will have) a VM and are not on their way out
 * (a destroy task already queued, by the customer or by a pass). An instance whose VM the
 * reconcile pass found gone is not renewed (no invoice, no auto-pay, no suspension) until it is back.
 */
const RENEWABLE = `i.status not in ('destroyed', 'cancelled', 'pending', 'creating') and i.vm_missing_since is null
  and not exists (select 1 from tasks t where t.instance_id = i.id and t.kind = 'destroy' and t.status < 2)`;

/** Instances whose VM can take a task now: live, and no other task running on them. */
const IDLE = `i.status in ('available', 'paused') and i.vmid is not null
  and not exists (select 1 from tasks t where t.instance_id = i.id and t.status < 2)`;

/** An unpaid renewal invoice for the period that starts at the instance's due date. */
const UNPAID_PERIOD = `exists (select 1 from invoices v where v.instance_id = i.id and v.kind = 'renewal'
  and v.status = 'unpaid' and v.period_start = i.due_at)`;

/**
 * The conditions of each step, each a `where` over instances `i` with $1 = now and $2 = days (a
 * step that needs neither still types them, or PostgreSQL cannot tell their type). A step selects
 * a batch with it, then repeats it on the one row it locks, so a row another pass (or a payment)
 * changed meanwhile is left alone.
 */
export const STEP = {
  // Not while an upgrade runs: it changes the renewal price when it applies, and an invoice made
  // meanwhile at the old price would buy the next period of the larger size at the smaller's price.
  invoice: `${RENEWABLE} and i.due_at <= $1::timestamptz + make_interval(days => $2)
    and not exists (select 1 from invoices v where v.instance_id = i.id and v.kind = 'renewal' and v.period_start = i.due_at)
    and not exists (select 1 from tasks t where t.instance_id = i.id and t.kind = 'upgrade' and t.status < 2)`,
  suspend: `${RENEWABLE} and i.suspended_at is null and i.due_at <= $1::timestamptz and $2::int >= 0 and ${UNPAID_PERIOD}`,
  destroy: `i.suspended_at is not null and i.due_at + make_interval(days => $2) <= $1::timestamptz and ${IDLE}`,
  power: `i.renewal_power is not null and ${IDLE} and $1::timestamptz is not null and $2::int >= 0`,
} as const;
export type Step = keyof typeof STEP;

/** What renewals read of an instance (an instances row, `select *`). */
export interface RenewedInstance {
  id: number;
  user_id: number;
  hostname: string;
  status: string;
  cycle: string;
  price: number;
  currency: string;
  auto_renew: boolean;
  due_at: Date;
  vmid: number | null;
  suspended_at: Date | null;
  renewal_power: 'stop' | 'start' | null;
  vm_missing_since: Date | null;
}

/** What a renewal mail says: the instance, its invoice and the dates that matter. */
export interface NoticeFacts {
  kind: NoticeKind;
  locale: 'en_US' | 'zh_CN';
  email: string;
  hostname: string;
  invoiceId: number;
  amount: number;
  currency: string;
  /** The invoice's due date: when the instance is suspended if it stays unpaid. */
  dueDate: Date;
  /** The instance's due date now (after a payment: the end of the paid period). */
  dueAt: Date;
  /** When a suspended instance is destroyed if the invoice stays unpaid. */
  destroyAt: Date;
}

export const renewals = {
  /** Up to `limit` ids after `after` that meet a step's conditions. */
  async batch(db: Queryable, step: Step, now: Date, days: number, after: number, limit: number): Promise<number[]> {
    const { rows } = await db.query<{ id: number }>(
      `select i.id from instances i where ${STEP[step]} and i.id > $3 order by i.id limit $4`,
      [now, days, after, limit],
    );
    return rows.map((r) => r.id);
  },
  /** The instance locked, if it still meets the step's conditions. */
  async lock(tx: Tx, step: Step, id: number, now: Date, days: number): Promise<RenewedInstance | null> {
    const { rows } = await tx.query<RenewedInstance>(
      `select i.* from instances i where i.id = $3 and ${STEP[step]} for update of i`,
      [now, days, id],
    );
    return rows[0] ?? null;
  },
  /**
   * The unpaid renewal invoice of the coming period: the renewal price for one cycle from the due
   * date, with one line naming the product, region and hostname. Nothing when the period already
   * has one (the unique index decides between two passes).
   */
  async createInvoice(
    tx: Tx,
    i: RenewedInstance,
    d: { months: number; invoicedTo: Record<string, string>; now: Date },
  ): Promise<InvoiceRow | null> {
    // Dates come from the row itself: a JS Date would lose the microseconds of due_at.
    const { rows } = await tx.query<InvoiceRow>(
      `insert into invoices (user_id, instance_id, kind, status, amount, currency, cycle, invoiced_to, created_at,
         invoice_date, due_date, period_start, period_end)
       select i.user_id, i.id, 'renewal', 'unpaid', i.price, i.currency, i.cycle, $2, $3, $3, i.due_at, i.due_at,
         i.due_at + make_interval(months => $4)
       from instances i where i.id = $1
       on conflict (instance_id, period_start) where kind = 'renewal' do nothing
       returning *`,
      [i.id, JSON.stringify(d.invoicedTo), d.now, d.months],
    );
    const invoice = rows[0];
    if (!invoice) return null;
    await billing.addItem(tx, invoice.id, await billing.serviceLine(tx, i.id), i.price);
    return invoice;
  },
  /**
   * Re-prices an unpaid renewal invoice for another product of the instance (an upgrade, or its
   * undoing): the amount and the line. False when it is no longer unpaid.
   */
  async reprice(tx: Tx, invoiceId: number, instanceId: number, productId: number, amount: number): Promise<boolean> {
    const { rowCount } = await tx.query(`update invoices set amount = $2 where id = $1 and status = 'unpaid'`, [
      invoiceId,
      amount,
    ]);
    if (!rowCount) return false;
    await billing.setOnlyItem(tx, invoiceId, await billing.serviceLine(tx, instanceId, productId), amount);
    return true;
  },
  /** Unpaid renewal invoices of auto-renewing instances, by invoice id. */
  async autoPayBatch(db: Queryable, after: number, limit: number): Promise<{ id: number; user_id: number }[]> {
    const { rows } = await db.query<{ id: number; user_id: number }>(
      `select v.id, v.user_id from invoices v join instances i on i.id = v.instance_id
       where v.kind = 'renewal' and v.status = 'unpaid' and i.auto_renew and ${RENEWABLE} and v.id > $1
       order by v.id limit $2`,
      [after, limit],
    );
    return rows;
  },
  /** The unpaid renewal invoice of the period starting at the instance's due date. */
  async unpaidFor(db: Queryable, i: RenewedInstance): Promise<number | null> {
    const { rows } = await db.query<{ id: number }>(
      `select v.id from invoices v join instances i on i.id = v.instance_id
       where i.id = $1 and v.kind = 'renewal' and v.status = 'unpaid' and v.period_start = i.due_at`,
      [i.id],
    );
    return rows[0]?.id ?? null;
  },
  /**
   * Locks an instance's unpaid renewal invoices before the instance itself, in the order a payment
   * takes them (invoice, then the paid hook's instance), so cancelling cannot deadlock with paying.
   */
  async lockUnpaid(tx: Tx, instanceId: number, userId?: number): Promise<{ id: number; amount: number }[]> {
    const { rows } = await tx.query<{ id: number; amount: number }>(
      `select id, amount from invoices where instance_id = $1 and ($2::bigint is null or user_id = $2)
         and kind = 'renewal' and status = 'unpaid' order by id for update`,
      [instanceId, userId ?? null],
    );
    return rows;
  },
  async cancel(tx: Tx, invoiceIds: number[]): Promise<void> {
    await tx.query(`update invoices set status = 'cancelled' where id = any($1) and status = 'unpaid'`, [invoiceIds]);
  },
  /** Unpaid renewal invoices of instances that are gone (destroyed by the customer) can no longer be paid. */
  async cancelOrphans(db: Queryable): Promise<number> {
    const { rowCount } = await db.query(
      `update invoices v set status = 'cancelled' from instances i
       where i.id = v.instance_id and v.kind = 'renewal' and v.status = 'unpaid' and i.status in ('destroyed', 'cancelled')`,
    );
    return rowCount ?? 0;
  },
  async suspend(tx: Tx, id: number, now: Date): Promise<void> {
    await tx.query(`update instances set suspended_at = $2, renewal_power = 'stop', updated_at = now() where id = $1`, [
      id,
      now,
    ]);
  },
  async setPower(tx: Queryable, id: number, power: 'stop' | 'start' | null): Promise<void> {
    await tx.query('update instances set renewal_power = $2, updated_at = now() where id = $1', [id, power]);
  },
  /** Records a step's mail; a second record of the same step is ignored. */
  async notice(tx: Queryable, invoiceId: number, kind: NoticeKind): Promise<void> {
    await tx.query('insert into renewal_notices (invoice_id, kind) values ($1, $2) on conflict do nothing', [
      invoiceId,
      kind,
    ]);
  },
  /** An instance locked for its paid renewal, whatever its status. */
  async lockInstance(tx: Tx, id: number): Promise<RenewedInstance | null> {
    const { rows } = await tx.query<RenewedInstance>('select * from instances where id = $1 for update', [id]);
    return rows[0] ?? null;
  },
  /**
   * A paid renewal: the due date moves to the end of the invoice's period, a suspension ends (the
   * stop it still owes is dropped, or a start is owed).
   */
  async renew(tx: Tx, instanceId: number, invoiceId: number, suspended: boolean): Promise<void> {
    await tx.query(
      `update instances set due_at = greatest(due_at, (select period_end from invoices where id = $2)), suspended_at = null,
         renewal_power = case when $3::boolean then (case when renewal_power = 'stop' then null else 'start' end)
           else renewal_power end,
         updated_at = now()
       where id = $1`,
      [instanceId, invoiceId, suspended],
    );
  },
  /** Claims the oldest unsent notice for `claimSeconds`, with what its mail says; null when none is left. */
  async claimNotice(
    db: Queryable,
    graceDays: number,
    claimSeconds: number,
  ): Promise<(NoticeFacts & { id: number }) | null> {
    const { rows } = await db.query<NoticeFacts & { id: number }>(
      `with claimed as (
         update renewal_notices set claimed_until = now() + make_interval(secs => $2)
         where id = (select id from renewal_notices
                     where sent_at is null and (claimed_until is null or claimed_until < now())
                     order by id limit 1 for update skip locked)
         returning id, invoice_id, kind)
       select n.id, n.kind, u.locale, u.email, i.hostname, v.id as "invoiceId", v.amount, v.currency,
         v.due_date as "dueDate", i.due_at as "dueAt",
         v.due_date + make_interval(days => $1) as "destroyAt"
       from claimed n
       join invoices v on v.id = n.invoice_id
       join instances i on i.id = v.instance_id
       join users u on u.id = v.user_id`,
      [graceDays, claimSeconds],
    );
    return rows[0] ?? null;
  },
  async releaseNotice(db: Queryable, id: number): Promise<void> {
    await db.query('update renewal_notices set claimed_until = null where id = $1', [id]);
  },
  async noticeSent(db: Queryable, id: number): Promise<void> {
    await db.query('update renewal_notices set sent_at = now() where id = $1', [id]);
  },
};
