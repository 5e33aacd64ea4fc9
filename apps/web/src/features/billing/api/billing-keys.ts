import { PAYMENT_METHODS_KEY } from '../../../lib/payments/top-up-api';
import { BILLING_ROOT } from '../../../lib/session/balance';

/** GET api/invoices and GET api/balance/transactions parameters: a page of a list. */
export interface PageParams {
  limit: number;
  page?: number;
}

/**
 * The billing feature's query keys. Invalidating `all` after a payment refreshes the invoice list,
 * each invoice and the ledger together; the payment methods and payments sit apart.
 */
export const billingKeys = {
  all: BILLING_ROOT,
  invoices: () => [...billingKeys.all, 'invoices'] as const,
  invoiceList: (params: PageParams & { status?: string }) => [...billingKeys.invoices(), 'list', params] as const,
  invoice: (id: number) => [...billingKeys.invoices(), 'detail', id] as const,
  ledger: (params: PageParams) => [...billingKeys.all, 'ledger', params] as const,
  methods: () => PAYMENT_METHODS_KEY,
  payment: (id: number) => ['payment', id] as const,
};
