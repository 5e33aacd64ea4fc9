import {
  cycleByKey,
  InvoicedTo,
  type Invoice,
  type InvoiceList,
  type InvoicesQuery,
  type InvoiceSummary,
  type LedgerList,
  type LedgerQuery,
} from '@nimbus/contract';
import type { z } from 'zod';
import type { Queryable } from '../../db/pool.js';
import type { Context } from '../../lib/context.js';
import { AppError } from '../../lib/errors.js';
import { billing, type InvoiceView } from './repository.js';

const iso = (d: Date | null) => (d ? d.toISOString() : null);

export function toInvoiceSummary(row: InvoiceView): InvoiceSummary {
  return {
    Id: row.id,
    Kind: row.kind,
    Status: row.status,
    Amount: row.amount,
    Currency: row.currency.trim(),
    Cycle: row.cycle ? (cycleByKey(row.cycle)?.code ?? null) : null,
    InstanceId: row.instance_id,
    Hostname: row.hostname,
    CreatedAt: row.created_at.toISOString(),
    InvoiceDate: row.invoice_date.toISOString(),
    DueDate: row.due_date.toISOString(),
    PaidAt: iso(row.paid_at),
    PeriodStart: iso(row.period_start),
    PeriodEnd: iso(row.period_end),
  };
}

/** The stored invoiced-to block, with every field present (older rows may lack some). */
function invoicedTo(stored: Record<string, string>): InvoicedTo {
  const fields = Object.keys(InvoicedTo.shape) as (keyof InvoicedTo)[];
  return Object.fromEntries(fields.map((k) => [k, String(stored[k] ?? '')])) as InvoicedTo;
}

/** The whole invoice of a row: its items and invoiced-to block. */
export async function invoiceOf(db: Queryable, row: InvoiceView): Promise<Invoice> {
  const items = await billing.items(db, row.id);
  return {
    ...toInvoiceSummary(row),
    Items: items.map((i) => ({ Description: i.description, Amount: i.amount })),
    InvoicedTo: invoicedTo(row.invoiced_to),
  };
}

export async function listInvoices(
  ctx: Context,
  userId: number,
  q: z.output<typeof InvoicesQuery>,
): Promise<InvoiceList> {
  const { total, rows } = await billing.invoices(ctx.db, { userId, status: q.status }, q);
  return { Total: total, Items: rows.map(toInvoiceSummary) };
}

/** One of the user's invoices; another customer's is not found, like one that never existed. */
export async function getInvoice(db: Queryable, userId: number, id: number): Promise<Invoice> {
  const row = await billing.invoice(db, id, userId);
  if (!row) throw new AppError('db_no_record', 404);
  return invoiceOf(db, row);
}

export async function listLedger(ctx: Context, userId: number, q: z.output<typeof LedgerQuery>): Promise<LedgerList> {
  const { total, rows } = await billing.ledger(ctx.db, userId, q);
  return {
    Total: total,
    Items: rows.map((r) => ({
      Id: r.id,
      Kind: r.kind,
      Amount: r.amount,
      BalanceAfter: r.balance_after,
      Currency: r.currency.trim(),
      Note: r.note,
      CreatedAt: r.created_at.toISOString(),
    })),
  };
}
