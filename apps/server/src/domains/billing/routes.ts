import { Invoice, InvoiceList, InvoicesQuery, LedgerList, LedgerQuery, MoneyIdQuery } from '@nimbus/contract';
import { replies, type Api } from '../../infra/lib/api.js';
import type { Context } from '../../infra/lib/context.js';
import { localeOf } from '../../infra/lib/locale.js';
import { authOf } from '../../infra/http/session.js';
import { invoicePdf } from './documents.js';
import { pdfSchema, sendPdf } from './pdf/http.js';
import { getInvoice, listInvoices, listLedger } from './service.js';

/** The caller's invoices and balance ledger (docs/product/billing.md#api). */
export async function billingRoutes(app: Api, ctx: Context) {
  app.get(
    '/invoices',
    {
      schema: {
        summary: 'List invoices',
        description:
          'One page of the caller’s invoices, newest first, optionally of one status; `Total` counts them all.',
        querystring: InvoicesQuery,
        response: replies(InvoiceList),
      },
    },
    async (req) => ({ data: await listInvoices(ctx, authOf(req).userId, req.query) }),
  );
  app.get(
    '/invoice',
    {
      schema: {
        summary: 'Get an invoice',
        description: 'With its items and invoiced-to block. Another customer’s invoice is 404 `db_no_record`.',
        querystring: MoneyIdQuery,
        response: replies(Invoice),
      },
    },
    async (req) => ({ data: await getInvoice(ctx.db, authOf(req).userId, req.query.id, localeOf(req)) }),
  );
  app.get(
    '/invoice/pdf',
    {
      schema: pdfSchema(
        'Download an invoice as a PDF',
        'The invoice page as a document, in the language the invoice was issued in (the customer’s language then): the provider’s details and the customer’s as they were at issue, items, subtotal, tax and total. Another customer’s invoice is 404 `db_no_record`.',
        MoneyIdQuery,
      ),
    },
    async (req, reply) => {
      const pdf = await invoicePdf(ctx.db, authOf(req).userId, req.query.id, ctx.config.BRAND_NAME);
      return sendPdf(reply, pdf, `invoice-${req.query.id}.pdf`);
    },
  );
  app.get(
    '/balance/transactions',
    {
      schema: {
        summary: 'List balance transactions',
        description:
          'One page of the caller’s ledger, newest first: every change of the balance and the balance after it.',
        querystring: LedgerQuery,
        response: replies(LedgerList),
      },
    },
    async (req) => ({ data: await listLedger(ctx, authOf(req).userId, req.query, localeOf(req)) }),
  );
}
