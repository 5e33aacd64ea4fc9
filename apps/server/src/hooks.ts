import type { Context } from './infra/lib/context.js';
import { sessionEvents } from './domains/accounts/session-events.js';
import { configureAffiliate } from './domains/affiliate/settings.js';
import { recordPurchase, reverseCommission } from './domains/affiliate/commissions.js';
import { invoiceEvents } from './domains/billing/events.js';
import { openConsoles, recheckConsoles } from './domains/consoles/registry.js';
import { removeInstanceBackups } from './domains/instance-data/backups.js';
import { instanceEvents } from './domains/instances/events.js';
import { registerRenewalHooks } from './domains/renewals/hooks.js';

/**
 * Every domain's hooks on another's events, registered by each kind of process: the HTTP app
 * (api/invoice/pay, payments, sign-out, destroy), the workers (auto-renew, deploy and upgrade
 * refunds, the destroy task) and the admin CLI (invoice:cancel --refund, renewals:run). Domains
 * below do not import the ones above them; this file wires them.
 *
 * - A paid renewal moves the due date on; a referred customer's paid invoice earns a commission,
 *   and its refund reverses it.
 * - Ended sessions close the consoles they opened; a destroyed instance's consoles close when the
 *   destroy is asked for, and its backups go once its VM is gone.
 */
export function registerHooks(ctx: Pick<Context, 'config' | 'jobs'>): void {
  registerRenewalHooks(ctx);
  configureAffiliate(ctx.config);
  invoiceEvents.onPaid(recordPurchase);
  invoiceEvents.onPaidCancelled(reverseCommission);
  sessionEvents.onEnded(recheckConsoles);
  instanceEvents.onDestroyStarted(closeInstanceConsoles);
  instanceEvents.onVmRemoved(removeInstanceBackups);
}

const closeInstanceConsoles = (ctx: Context, instanceId: number) => openConsoles(ctx).closeInstance(instanceId);
