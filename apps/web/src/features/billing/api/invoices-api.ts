import {
  DASHBOARD_LIMITS,
  IDEMPOTENCY_HEADER,
  Invoice,
  InvoiceList,
  InvoicePayResult,
  type InvoicePayBody,
  type InvoiceStatus,
} from '@nimbus/contract';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { billingKeys, type PageParams } from './billing-keys';

export type InvoicesParams = PageParams & { status?: InvoiceStatus };

/** GET api/invoices: a page of the caller's invoices, newest first, optionally of one status. */
export const invoicesQueryOptions = (params: InvoicesParams) =>
  queryOptions({
    queryKey: billingKeys.invoiceList(params),
    queryFn: ({ signal }) => api.get('invoices', InvoiceList, { ...params }, signal),
    placeholderData: keepPreviousData,
  });

/** The dashboard's invoices (limit 4, docs/product/README.md#the-shell-and-the-dashboard). */
export const recentInvoicesQueryOptions = () => invoicesQueryOptions({ limit: DASHBOARD_LIMITS.invoices });

/** GET api/invoice: one of the caller's invoices; another customer's id is "not found". */
export const invoiceQueryOptions = (id: number) =>
  queryOptions({
    queryKey: billingKeys.invoice(id),
    queryFn: ({ signal }) => api.get('invoice', Invoice, { id }, signal),
  });

/** POST api/invoice/pay with an idempotency key: a double click pays once. */
export const payInvoice = (body: InvoicePayBody, idempotencyKey: string) =>
  api.post('invoice/pay', body, InvoicePayResult, { [IDEMPOTENCY_HEADER]: idempotencyKey });
