import { cycleByCode, type Invoice } from '@nimbus/contract';
import type { Queryable } from '../../infra/db/pool.js';
import { AppError } from '../../infra/lib/errors.js';
import { renderDocument } from './pdf/document.js';
import { amount, customerLines, dayFormat, docLang, issuerLines } from './pdf/parts.js';
import { DOCUMENT_TEXT, fill, type DocumentText } from './pdf/texts.js';
import { billing } from './repository.js';
import { invoiceOf } from './service.js';

/** An invoice's printed form: the invoice page as a PDF, in the language it was issued in. */
export function invoiceDocument(inv: Invoice, brand: string): Promise<Buffer> {
  const t: DocumentText = DOCUMENT_TEXT[inv.Locale];
  const day = dayFormat(inv.Locale);
  const cycle = inv.Cycle ? cycleByCode(inv.Cycle) : undefined;
  const money = (minor: number) => amount(minor, inv.Currency);
  return renderDocument({
    lang: docLang(inv.Locale),
    title: fill(t.invoice, { id: inv.Id }),
    subtitle: `${brand} · ${t.kind[inv.Kind]}`,
    status: t.status[inv.Status],
    parties: [
      { label: t.from, lines: issuerLines(inv.Issuer, t) },
      { label: t.invoicedTo, lines: customerLines(inv.InvoicedTo) },
    ],
    fields: [
      { label: t.invoiceDate, value: day(inv.InvoiceDate) },
      { label: t.dueDate, value: day(inv.DueDate) },
      ...(inv.PaidAt ? [{ label: t.paidAt, value: day(inv.PaidAt) }] : []),
      ...(cycle ? [{ label: t.cycle, value: t.cycles[cycle.key] }] : []),
      ...(inv.PeriodStart && inv.PeriodEnd
        ? [{ label: t.period, value: fill(t.periodRange, { start: day(inv.PeriodStart), end: day(inv.PeriodEnd) }) }]
        : []),
      ...(inv.Hostname ? [{ label: t.instance, value: inv.Hostname }] : []),
    ],
    columns: [t.description, t.amount],
    items: inv.Items.map((i) => ({ description: i.Description, amount: money(i.Amount) })),
    totals: [
      ...(inv.TaxRate > 0
        ? [
            { label: t.subtotal, value: money(inv.Subtotal) },
            { label: fill(t.tax, { rate: inv.TaxRate }), value: money(inv.Tax) },
          ]
        : []),
      { label: t.total, value: money(inv.Amount), strong: true },
    ],
    footnote: inv.TaxRate > 0 ? t.taxIncluded : undefined,
  });
}

/** GET api/invoice/pdf: one of the user's invoices as a PDF; anyone else's is not found. */
export async function invoicePdf(db: Queryable, userId: number, id: number, brand: string): Promise<Buffer> {
  const row = await billing.invoice(db, id, userId);
  if (!row) throw new AppError('db_no_record', 404);
  return invoiceDocument(await invoiceOf(db, row, row.locale), brand);
}
