import { InvoicePayBody, InvoicePayResult, MoneyIdQuery, Payment, PaymentMethods, TopUpBody } from '@nimbus/contract';
import { replies, type Api } from '../../infra/lib/api.js';
import type { Context } from '../../infra/lib/context.js';
import { localeOf } from '../../infra/lib/locale.js';
import { idempotencyKeyOf, IdempotencyHeaders } from '../../infra/lib/idempotency.js';
import { authOf } from '../../infra/http/session.js';
import { pdfSchema, sendPdf } from '../billing/index.js';
import { receiptPdf } from './receipt.js';
import { getPayment, payInvoice, paymentMethods, topUp } from './service.js';

/** Payment methods, top-ups through a gateway, and paying invoices (docs/product/billing.md#top-ups-and-gateways). */
export async function paymentRoutes(app: Api, ctx: Context) {
  app.get(
    '/paymentMethods',
    {
      schema: {
        summary: 'List payment methods',
        description: '`balance` (for invoices), then the gateways the operator configured, and the top-up limits.',
        response: replies(PaymentMethods),
      },
    },
    async () => ({ data: paymentMethods(ctx) }),
  );
  app.post(
    '/balance/topup',
    {
      schema: {
        summary: 'Top up the balance',
        description:
          'Creates a pending payment at a gateway; send the customer to its `Url`. The balance is credited when the gateway confirms it. Errors: parse_data_error (Amount `amount_too_small` / `amount_too_large`), invalid_option (no such gateway), create_payment_error, rate_limit_exceeded. Send an Idempotency-Key to retry safely.',
        headers: IdempotencyHeaders,
        body: TopUpBody,
        response: replies(Payment),
      },
    },
    async (req) => ({ data: await topUp(ctx, authOf(req).userId, req.body, idempotencyKeyOf(req), localeOf(req)) }),
  );
  app.get(
    '/payment',
    {
      schema: {
        summary: 'Get a payment',
        description: 'Its status. Another customer’s payment is 404 `db_no_record`.',
        querystring: MoneyIdQuery,
        response: replies(Payment),
      },
    },
    async (req) => ({ data: await getPayment(ctx, authOf(req).userId, req.query.id) }),
  );
  app.get(
    '/payment/receipt',
    {
      schema: pdfSchema(
        'Download a payment’s receipt',
        'The receipt of a succeeded payment (a top-up, or a payment for an invoice) as a PDF, in the language the customer used when paying, with the provider’s and the customer’s details as they were then. A payment not succeeded is 409 `wrong_status`; another customer’s is 404 `db_no_record`.',
        MoneyIdQuery,
      ),
    },
    async (req, reply) => {
      const pdf = await receiptPdf(ctx.db, authOf(req).userId, req.query.id, ctx.config.BRAND_NAME);
      return sendPdf(reply, pdf, `receipt-${req.query.id}.pdf`);
    },
  );
  app.post(
    '/invoice/pay',
    {
      schema: {
        summary: 'Pay an invoice',
        description:
          'Method `balance` pays at once (balance_not_enough, wrong_status); a gateway answers a pending `Payment` whose completion pays the invoice. Errors: db_no_record, wrong_status, invalid_option, finish_invoice_error, create_payment_error. Send an Idempotency-Key to retry safely.',
        headers: IdempotencyHeaders,
        body: InvoicePayBody,
        response: replies(InvoicePayResult),
      },
    },
    async (req) => ({
      data: await payInvoice(ctx, authOf(req).userId, req.body, idempotencyKeyOf(req), localeOf(req)),
    }),
  );
}
