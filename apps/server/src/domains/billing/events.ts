import type { Tx } from '../../infra/db/pool.js';
import type { InvoiceRow } from './repository.js';

/**
 * What other modules do when an invoice becomes paid or a paid one is cancelled (refunded), inside
 * the transaction that changes it: renewals extend the due date, the affiliate programme records a
 * referred purchase or reverses its commission. Hooks are registered when the app is built; a Set
 * keeps a hook registered twice (several apps in one test process) from running twice.
 */
export type InvoiceHook = (tx: Tx, invoice: InvoiceRow) => Promise<void>;

const paidHooks = new Set<InvoiceHook>();
const cancelledHooks = new Set<InvoiceHook>();

export const invoiceEvents = {
  onPaid(hook: InvoiceHook): void {
    paidHooks.add(hook);
  },
  /** Runs for an invoice that was paid and is now cancelled, after its refund was posted. */
  onPaidCancelled(hook: InvoiceHook): void {
    cancelledHooks.add(hook);
  },
  async paid(tx: Tx, invoice: InvoiceRow): Promise<void> {
    for (const hook of paidHooks) await hook(tx, invoice);
  },
  async paidCancelled(tx: Tx, invoice: InvoiceRow): Promise<void> {
    for (const hook of cancelledHooks) await hook(tx, invoice);
  },
};
