import type { QueryClient } from '@tanstack/react-query';
import { sessionKeys } from './session-query';

/** The root key of the billing reads (invoices, the ledger): they show where money went. */
export const BILLING_ROOT = ['billing'] as const;

/**
 * Call after anything that moves the account's money (deploy, upgrade, invoice payment, top-up
 * return, commission transfer, refund). Every place that shows the balance (header, user menu,
 * dashboard, /billing, checkout) reads it from the session, so reading the session again brings
 * them all up to date, with the invoices and the ledger beside them.
 */
export function refreshBalance(queryClient: QueryClient) {
  void queryClient.invalidateQueries({ queryKey: sessionKeys.all });
  void queryClient.invalidateQueries({ queryKey: BILLING_ROOT });
}
