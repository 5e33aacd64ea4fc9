import type { Tx } from '../../infra/db/pool.js';
import type { Context } from '../../infra/lib/context.js';
import { invoiceEvents, type InvoiceRow } from '../billing/index.js';
import { RENEWAL_QUEUE } from './schedule.js';
import { renewals } from './repository.js';

/** The process's jobs, for the follow-up the hook sends (hooks are module-level so they run once). */
let active: Pick<Context, 'jobs'> | null = null;

/**
 * A paid renewal invoice, in the paying transaction: the instance is renewed to the end of the
 * paid period; a suspended one comes back (the stop it still owes is dropped, or a start is owed),
 * and a worker is asked to start it and send the mail now rather than at the next pass.
 */
async function renewalPaid(tx: Tx, invoice: InvoiceRow): Promise<void> {
  if (invoice.kind !== 'renewal' || !invoice.instance_id || !invoice.period_end) return;
  const instance = await renewals.lockInstance(tx, invoice.instance_id);
  if (!instance || ['destroyed', 'cancelled'].includes(instance.status)) return;
  const suspended = instance.suspended_at !== null;
  await renewals.renew(tx, instance.id, invoice.id, suspended);
  await renewals.notice(tx, invoice.id, suspended ? 'resumed' : 'renewed');
  await active?.jobs?.send(tx, RENEWAL_QUEUE, { settle: true });
}

/** Registers the renewals' invoice hook (called by the app and by the workers: a Set keeps it once). */
export function registerRenewalHooks(ctx: Pick<Context, 'jobs'>): void {
  active = ctx;
  invoiceEvents.onPaid(renewalPaid);
}
