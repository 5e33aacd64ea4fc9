import {
  cycleByKey,
  type Locale,
  InvoicedTo,
  type Invoice,
  type InvoiceList,
  type InvoicesQuery,
  type InvoiceSummary,
  type LedgerList,
  type LedgerQuery,
} from '@nimbus/contract';
import type { z } from 'zod';
import type { Queryable } from '../../infra/db/pool.js';
import type { Context } from '../../infra/lib/context.js';
import { AppError } from '../../infra/lib/errors.js';
import { currentIssuer, includedTax } from './issuer.js';
import { lineText, type Line } from '../users/index.js';
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

/**
 * The whole invoice of a row, its lines in `locale`: items, issuer (the current one for invoices
 * older than issuers on invoices), invoiced-to block and the tax its amount includes.
 */
export async function invoiceOf(db: Queryable, row: InvoiceView, locale: Locale): Promise<Invoice> {
  const [items, issuer] = await Promise.all([billing.items(db, row.id), row.issuer ?? currentIssuer(db)]);
  const tax = includedTax(row.amount, row.tax_rate_bp);
  return {
    ...toInvoiceSummary(row),
    Items: items.map((i) => ({ Description: lineText(i.line, i.description, locale), Amount: i.amount })),
    InvoicedTo: invoicedTo(row.invoiced_to),
    Issuer: issuer,
    Subtotal: row.amount - tax,
    Tax: tax,
    TaxRate: row.tax_rate_bp / 100,
    Locale: row.locale,
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
export async function getInvoice(db: Queryable, userId: number, id: number, locale: Locale): Promise<Invoice> {
  const row = await billing.invoice(db, id, userId);
  if (!row) throw new AppError('db_no_record', 404);
  return invoiceOf(db, row, locale);
}

/** The gateway payment a ledger entry records, if it is a payment's credit. */
const paymentOf = (note: Line | null): number | null =>
  note && (note.key === 'topup' || note.key === 'invoice_topup') && typeof note.args.payment === 'number'
    ? note.args.payment
    : null;

export async function listLedger(
  ctx: Context,
  userId: number,
  q: z.output<typeof LedgerQuery>,
  locale: Locale,
): Promise<LedgerList> {
  const { total, rows } = await billing.ledger(ctx.db, userId, q);
  return {
    Total: total,
    Items: rows.map((r) => ({
      Id: r.id,
      Kind: r.kind,
      Amount: r.amount,
      BalanceAfter: r.balance_after,
      Currency: r.currency.trim(),
      Note: lineText(r.note_data, r.note, locale),
      PaymentId: paymentOf(r.note_data),
      CreatedAt: r.created_at.toISOString(),
    })),
  };
}
