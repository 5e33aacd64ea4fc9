import type { QueryClient } from '@tanstack/react-query';
import { redirect } from '@tanstack/react-router';
import { isApiError } from '../../../lib/api-error';
import { i18n } from '../../../lib/i18n/i18n';
import { notify } from '../../../lib/notify';
import { routeId } from '../../../lib/route-id';
import { invoiceQueryOptions } from './invoices-api';

/** The invoice fetch is retried 3 times, 100 ms apart (an invoice just made may lag). */
export const INVOICE_FETCH = { retries: 3, retryDelayMs: 100 } as const;

/**
 * The invoice check (docs/product/billing.md#pages) of /billing and /invoices/{id}: an invoice that
 * cannot be read after the retries (missing, another customer's) is a 3 s warning and a redirect to
 * /billing.
 */
export async function ensureInvoice(queryClient: QueryClient, raw: unknown): Promise<number> {
  const id = routeId(raw);
  try {
    if (id === null) throw new Error('not an invoice id');
    await queryClient.ensureQueryData({
      ...invoiceQueryOptions(id),
      retry: (count, error) => !(isApiError(error) && error.handled) && count < INVOICE_FETCH.retries,
      retryDelay: INVOICE_FETCH.retryDelayMs,
    });
    return id;
  } catch (error) {
    if (!(isApiError(error) && error.handled)) {
      notify.warning({ title: i18n.t('billing:notFound.title'), message: i18n.t('billing:notFound.message') });
    }
    throw redirect({ to: '/billing', replace: true });
  }
}
