import * as z from 'zod/mini';
import { INVOICE_STATUSES, PAYMENT_METHOD_IDS } from './billing.js';
import { bodyId, positiveWhole, queryId, queryInt } from './query.js';

// Request schemas of the money API; the web takes only their types (see deploy-requests.ts).

export const BILLING_PAGE_MAX = 100;

/** GET api/invoices: `limit` as the dashboard sends it, plus the status filter and paging of /billing. */
export const InvoicesQuery = z.object({
  limit: z._default(queryInt(1, BILLING_PAGE_MAX), 20),
  page: z._default(queryInt(1, 1_000_000), 1),
  status: z.optional(z.enum(INVOICE_STATUSES, { error: 'invalid_value' })),
});
export type InvoicesQuery = z.input<typeof InvoicesQuery>;

/** GET api/invoice?id= and GET api/payment?id=. */
export const MoneyIdQuery = z.object({ id: queryId() });

/** GET api/balance/transactions. */
export const LedgerQuery = z.object({
  limit: z._default(queryInt(1, BILLING_PAGE_MAX), 20),
  page: z._default(queryInt(1, 1_000_000), 1),
});
export type LedgerQuery = z.input<typeof LedgerQuery>;

const MethodField = z.enum(PAYMENT_METHOD_IDS, { error: 'invalid_value' });

/**
 * POST api/balance/topup (header Idempotency-Key): Amount in minor units, within the operator's
 * TopUp Min/Max (else `amount_too_small` / `amount_too_large` on Amount), through a gateway Method.
 */
export const TopUpBody = z.object({
  Amount: z.number({ error: 'invalid_value' }).check(...positiveWhole(Number.MAX_SAFE_INTEGER)),
  Method: MethodField,
});
export type TopUpBody = z.infer<typeof TopUpBody>;

/** POST api/invoice/pay (header Idempotency-Key): an unpaid invoice, from the balance or a gateway. */
export const InvoicePayBody = z.object({ Id: bodyId(), Method: MethodField });
export type InvoicePayBody = z.infer<typeof InvoicePayBody>;
