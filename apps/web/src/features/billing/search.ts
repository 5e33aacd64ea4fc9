import type { InvoiceStatus } from '@nimbus/contract';
import { optionalKey, optionalString, optionalWhole } from '../../lib/search-params';

export const BILLING_TABS = ['invoices', 'transactions'] as const;
export type BillingTab = (typeof BILLING_TABS)[number];

/**
 * /billing search parameters (docs/product/billing.md#pages): invoice_id, the payment a gateway
 * sent the customer back with, the tab, the invoices' status filter and the page of the shown list.
 */
export interface BillingSearch {
  invoice_id?: string;
  payment_id?: number;
  tab?: BillingTab;
  status?: InvoiceStatus;
  page?: number;
}

// validateSearch loads with the entry: a runtime import of the contract's billing module would take
// its zod schemas into /login's code. The record still fails to compile when a status is added.
const STATUSES: Record<InvoiceStatus, true> = { unpaid: true, paid: true, cancelled: true };

/**
 * Malformed values are dropped, except invoice_id, which is kept as given so a bad one ends in the
 * not-found warning. Each key is set, if only to undefined: the router keeps keys a route leaves out.
 */
export function parseBillingSearch(raw: Record<string, unknown>): BillingSearch {
  return {
    invoice_id: optionalString(raw.invoice_id)?.slice(0, 32),
    payment_id: optionalWhole(raw.payment_id, 1),
    tab: raw.tab === 'transactions' ? 'transactions' : undefined,
    status: optionalKey(raw.status, STATUSES),
    page: optionalWhole(raw.page, 2, 1_000_000),
  };
}
