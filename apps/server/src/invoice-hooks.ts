import type { Context } from './infra/lib/context.js';
import { configureAffiliate } from './domains/affiliate/settings.js';
import { recordPurchase, reverseCommission } from './domains/affiliate/commissions.js';
import { registerRenewalHooks } from './domains/renewals/hooks.js';
import { invoiceEvents } from './domains/billing/events.js';

/**
 * Every module's invoice hooks, registered by each kind of process that pays or refunds invoices:
 * the HTTP app (api/invoice/pay, payments), the workers (auto-renew, deploy and upgrade refunds) and
 * the admin CLI (invoice:cancel --refund, renewals:run). A paid renewal moves the due date on; a
 * referred customer's paid invoice earns a commission, and its refund reverses it.
 */
export function registerInvoiceHooks(ctx: Pick<Context, 'config' | 'jobs'>): void {
  registerRenewalHooks(ctx);
  configureAffiliate(ctx.config);
  invoiceEvents.onPaid(recordPurchase);
  invoiceEvents.onPaidCancelled(reverseCommission);
}
