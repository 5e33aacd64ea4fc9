import {
  toLocalText,
  type InvoiceStatus,
  type Issuer,
  type Locale,
  type LocalText,
  type LocalTextInput,
} from '@nimbus/contract';
import type { Queryable } from '../../infra/db/pool.js';
import { line, renderLine, textLine, type Line } from '../users/index.js';

/** An invoice with the hostname of its instance, if any. */
export type InvoiceView = InvoiceRow & { hostname: string | null };

export interface InvoiceItemRow {
  description: string;
  line: Line | null;
  amount: number;
}

export interface LedgerRow {
  id: number;
  kind: 'topup' | 'charge' | 'refund' | 'commission' | 'adjustment';
  amount: number;
  balance_after: number;
  currency: string;
  note: string;
  note_data: Line | null;
  created_at: Date;
}

export interface Page {
  limit: number;
  page: number;
}

const VIEW = `select i.*, n.hostname from invoices i left join instances n on n.id = i.instance_id`;

/** An invoice line's columns: the line as data, with its English text beside it for older readers. */
const itemValues = (invoiceId: number, item: Line, amount: number) => [
  invoiceId,
  renderLine(item, 'en_US'),
  item,
  amount,
];

export interface InvoiceRow {
  id: number;
  user_id: number;
  instance_id: number | null;
  kind: 'deploy' | 'renewal' | 'upgrade' | 'manual';
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
  /** Stamped at insert (migration 0042): the customer's language, the tax rate and the issuer then. */
  locale: Locale;
  tax_rate_bp: number;
  issuer: Issuer | null;
}

export const billing = {
  /** One page of a user's invoices (or everyone's, for the operator), newest first, and how many match. */
  async invoices(
    db: Queryable,
    filter: { userId?: number; status?: InvoiceStatus },
    page: Page,
  ): Promise<{ total: number; rows: InvoiceView[] }> {
    const where = `($1::bigint is null or i.user_id = $1) and ($2::text is null or i.status = $2)`;
    const args = [filter.userId ?? null, filter.status ?? null];
    const [count, list] = await Promise.all([
      db.query<{ n: number }>(`select count(*)::int as n from invoices i where ${where}`, args),
      db.query<InvoiceView>(`${VIEW} where ${where} order by i.id desc limit $3 offset $4`, [
        ...args,
        page.limit,
        (page.page - 1) * page.limit,
      ]),
    ]);
    return { total: count.rows[0]?.n ?? 0, rows: list.rows };
  },
  /** One invoice; with userId, only if it is that user's. */
  async invoice(db: Queryable, id: number, userId?: number): Promise<InvoiceView | undefined> {
    const { rows } = await db.query<InvoiceView>(`${VIEW} where i.id = $1 and ($2::bigint is null or i.user_id = $2)`, [
      id,
      userId ?? null,
    ]);
    return rows[0];
  },
  async items(db: Queryable, invoiceId: number): Promise<InvoiceItemRow[]> {
    const { rows } = await db.query<InvoiceItemRow>(
      'select description, line, amount from invoice_items where invoice_id = $1 order by id',
      [invoiceId],
    );
    return rows;
  },
  async ledger(db: Queryable, userId: number, page: Page): Promise<{ total: number; rows: LedgerRow[] }> {
    const [count, list] = await Promise.all([
      db.query<{ n: number }>('select count(*)::int as n from ledger where user_id = $1', [userId]),
      db.query<LedgerRow>(
        `select id, kind, amount, balance_after, currency, note, note_data, created_at from ledger where user_id = $1
         order by id desc limit $2 offset $3`,
        [userId, page.limit, (page.page - 1) * page.limit],
      ),
    ]);
    return { total: count.rows[0]?.n ?? 0, rows: list.rows };
  },
  /** The invoice row, locked until the end of the caller's transaction. */
  async lock(db: Queryable, id: number): Promise<InvoiceRow | undefined> {
    const { rows } = await db.query<InvoiceRow>('select * from invoices where id = $1 for update', [id]);
    return rows[0];
  },
  async cancelUnpaid(db: Queryable, id: number): Promise<InvoiceRow> {
    const { rows } = await db.query<InvoiceRow>(
      `update invoices set status = 'cancelled' where id = $1 and status = 'unpaid' returning *`,
      [id],
    );
    return rows[0]!;
  },
  /** An unpaid invoice the operator writes: one line, due in some days. */
  async createManual(
    db: Queryable,
    d: {
      userId: number;
      amount: number;
      currency: string;
      description: LocalTextInput;
      invoicedTo: Record<string, string>;
      due: Date;
    },
  ): Promise<InvoiceRow> {
    const { rows } = await db.query<InvoiceRow>(
      `insert into invoices (user_id, kind, status, amount, currency, invoiced_to, due_date)
       values ($1, 'manual', 'unpaid', $2, $3, $4, $5) returning *`,
      [d.userId, d.amount, d.currency, JSON.stringify(d.invoicedTo), d.due],
    );
    const invoice = rows[0]!;
    await billing.addItem(db, invoice.id, textLine(toLocalText(d.description)), d.amount);
    return invoice;
  },
  /** Sets every line of a one-line invoice (a renewal being re-priced) to `item` at `amount`. */
  async setOnlyItem(db: Queryable, invoiceId: number, item: Line, amount: number): Promise<void> {
    await db.query(
      'update invoice_items set description = $2, line = $3, amount = $4 where invoice_id = $1',
      itemValues(invoiceId, item, amount),
    );
  },
  /** A line of an invoice: stored as data, with its English text beside it for older readers. */
  async addItem(db: Queryable, invoiceId: number, item: Line, amount: number): Promise<void> {
    await db.query(
      'insert into invoice_items (invoice_id, description, line, amount) values ($1, $2, $3, $4)',
      itemValues(invoiceId, item, amount),
    );
  },
  /**
   * The line naming what an instance is: its type, size (its own, or `productId` it is moving to)
   * and region (both languages, as they are now) and hostname.
   */
  async serviceLine(db: Queryable, instanceId: number, productId?: number): Promise<Line> {
    const { rows } = await db.query<{ type: LocalText; product: LocalText; region: LocalText; hostname: string }>(
      `select json_build_object('en_US', g.name, 'zh_CN', g.name_zh) as type,
              json_build_object('en_US', p.name, 'zh_CN', p.name_zh) as product,
              json_build_object('en_US', r.name, 'zh_CN', r.name_zh) as region, i.hostname
       from instances i join products p on p.id = coalesce($2, i.product_id) join product_groups g on g.id = p.group_id
         join regions r on r.id = i.region_id
       where i.id = $1`,
      [instanceId, productId ?? null],
    );
    const r = rows[0];
    if (!r) throw new Error(`no instance ${instanceId}`);
    return line('service', r);
  },
  /** Locks an invoice's row until the transaction ends. */
  async lockInvoice(tx: Queryable, id: number): Promise<void> {
    await tx.query('select 1 from invoices where id = $1 for update', [id]);
  },
  /** One of the user's invoices, its row locked until the end of the caller's transaction. */
  async lockOwn(db: Queryable, id: number, userId: number): Promise<InvoiceRow | undefined> {
    const { rows } = await db.query<InvoiceRow>('select * from invoices where id = $1 and user_id = $2 for update', [
      id,
      userId,
    ]);
    return rows[0];
  },
  /**
   * What paying for an instance needs to know of it, its row locked until the end of the caller's
   * transaction: its status, whether its VM is missing from its cluster and whether a destroy task
   * is removing it. Undefined when there is no such instance.
   */
  async lockInvoicedInstance(db: Queryable, instanceId: number): Promise<InvoicedInstanceState | undefined> {
    const { rows } = await db.query<InvoicedInstanceState>(
      `select status, vm_missing_since is not null as missing, exists (select 1 from tasks t where t.instance_id = i.id and t.kind = 'destroy' and t.status in (0, 1))
         as destroying
         from instances i where id = $1 for update`,
      [instanceId],
    );
    return rows[0];
  },
  /** A paid invoice of an instance, from now to `periodEnd`; its lines are the caller's. */
  async insertPaid(
    db: Queryable,
    d: {
      userId: number;
      instanceId: number;
      kind: 'deploy' | 'upgrade';
      amount: number;
      currency: string;
      cycle: string;
      invoicedTo: Record<string, string>;
      periodEnd: Date;
    },
  ): Promise<InvoiceRow> {
    const { rows } = await db.query<InvoiceRow>(
      `insert into invoices (user_id, instance_id, kind, status, amount, currency, cycle, invoiced_to, due_date,
         paid_at, period_start, period_end)
       values ($1, $2, $3, 'paid', $4, $5, $6, $7, now(), now(), now(), $8) returning *`,
      [d.userId, d.instanceId, d.kind, d.amount, d.currency, d.cycle, JSON.stringify(d.invoicedTo), d.periodEnd],
    );
    return rows[0]!;
  },
  /** The ids of an instance's paid deploy invoices. */
  async paidDeployInvoiceIds(db: Queryable, instanceId: number): Promise<number[]> {
    const { rows } = await db.query<{ id: number }>(
      `select id from invoices where instance_id = $1 and kind = 'deploy' and status = 'paid'`,
      [instanceId],
    );
    return rows.map((r) => r.id);
  },
  /** Cancels a paid invoice; undefined when it is not paid (any more). */
  async cancelPaid(db: Queryable, id: number): Promise<InvoiceRow | undefined> {
    const { rows } = await db.query<InvoiceRow>(
      `update invoices set status = 'cancelled' where id = $1 and status = 'paid' returning *`,
      [id],
    );
    return rows[0];
  },
  /** Marks an unpaid invoice paid now; undefined when it is not unpaid. */
  async markPaid(db: Queryable, id: number): Promise<InvoiceRow | undefined> {
    const { rows } = await db.query<InvoiceRow>(
      `update invoices set status = 'paid', paid_at = now() where id = $1 and status = 'unpaid' returning *`,
      [id],
    );
    return rows[0];
  },
  /**
   * Writes the issuer and tax rate the database stamps new invoices and payments with (migration
   * 0042); the row is left alone when nothing changed.
   */
  async storeIssuer(
    db: Queryable,
    i: { legalName: string; address: string; taxId: string; taxRateBp: number },
  ): Promise<void> {
    await db.query(
      `insert into billing_issuer (id, legal_name, address, tax_id, tax_rate_bp) values (true, $1, $2, $3, $4)
       on conflict (id) do update set legal_name = $1, address = $2, tax_id = $3, tax_rate_bp = $4, updated_at = now()
         where (billing_issuer.legal_name, billing_issuer.address, billing_issuer.tax_id, billing_issuer.tax_rate_bp)
           is distinct from ($1, $2, $3, $4)`,
      [i.legalName, i.address, i.taxId, i.taxRateBp],
    );
  },
  /** The issuer new invoices are stamped with now; null when none is stored. */
  async currentIssuer(db: Queryable): Promise<Issuer | null> {
    const { rows } = await db.query<{ issuer: Issuer | null }>('select billing_issuer_json() as issuer');
    return rows[0]?.issuer ?? null;
  },
};

/** What paying for an instance reads of it (billing.lockInvoicedInstance). */
export interface InvoicedInstanceState {
  status: string;
  destroying: boolean;
  missing: boolean;
}
