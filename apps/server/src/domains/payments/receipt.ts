import { pickText, type InvoicedTo, type Issuer, type Locale } from '@nimbus/contract';
import type { Queryable } from '../../infra/db/pool.js';
import { AppError } from '../../infra/lib/errors.js';
import {
  currentIssuer,
  renderDocument,
  amount,
  customerLines,
  dayFormat,
  docLang,
  issuerLines,
  DOCUMENT_TEXT,
  fill,
} from '../billing/index.js';
import { payments, type PaymentRow } from './repository.js';
import { METHOD_NAMES } from './service.js';

/** What a receipt says of a succeeded payment: who received it, from whom, what for and how much. */
export function receiptDocument(p: PaymentRow, issuer: Issuer, brand: string): Promise<Buffer> {
  const locale: Locale = p.locale;
  const t = DOCUMENT_TEXT[locale];
  const day = dayFormat(locale);
  const money = amount(p.amount, p.currency);
  const what = p.invoice_id ? fill(t.invoicePayment, { invoice: p.invoice_id }) : t.topUp;
  return renderDocument({
    lang: docLang(locale),
    title: fill(t.receipt, { id: p.id }),
    subtitle: `${brand} · ${what}`,
    status: t.status.paid,
    parties: [
      { label: t.from, lines: issuerLines(issuer, t) },
      { label: t.receivedFrom, lines: customerLines(p.billed_to ?? EMPTY) },
    ],
    fields: [
      { label: t.paidAt, value: day(p.completed_at) },
      { label: t.method, value: pickText(METHOD_NAMES[p.method], locale) },
    ],
    columns: [t.description, t.amount],
    items: [{ description: what, amount: money }],
    totals: [{ label: t.amountPaid, value: money, strong: true }],
    footnote: t.receiptNote,
  });
}

const EMPTY: InvoicedTo = {
  Email: '',
  FirstName: '',
  LastName: '',
  Company: '',
  Address1: '',
  Address2: '',
  City: '',
  State: '',
  Postcode: '',
  Country: '',
};

/**
 * GET api/payment/receipt: the receipt of one of the user's succeeded payments, in the language
 * they used when they paid. Anyone else's is 404 `db_no_record`; one not (yet) succeeded is 409
 * `wrong_status`.
 */
export async function receiptPdf(db: Queryable, userId: number, id: number, brand: string): Promise<Buffer> {
  const p = await payments.byId(db, id, userId);
  if (!p) throw new AppError('db_no_record', 404);
  if (p.status !== 'succeeded') throw new AppError('wrong_status', 409);
  return receiptDocument(p, p.issuer ?? (await currentIssuer(db)), brand);
}
