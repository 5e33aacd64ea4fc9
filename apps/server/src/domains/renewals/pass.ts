import { cycleByKey } from '@nimbus/contract';
import { withTx, type Tx } from '../../infra/db/pool.js';
import { clock } from '../../infra/lib/clock.js';
import type { Context } from '../../infra/lib/context.js';
import { AppError } from '../../infra/lib/errors.js';
import { invoicedTo, invoices } from '../billing/index.js';
import { TASK_QUEUE } from '../../infra/tasks/runner.js';
import { tasks } from '../../infra/tasks/repository.js';
import { users } from '../users/index.js';
import { sendNotices } from './notices.js';
import { renewals, type RenewedInstance, type Step } from './repository.js';

/** What a pass needs: no HTTP, no compute (the VM work runs as tasks on the workers). */
export type RenewalContext = Pick<Context, 'config' | 'db' | 'mailer' | 'log' | 'jobs'>;

/** What one pass did, for the log and the operator's `renewals:run`. */
export interface RenewalReport {
  invoiced: number;
  autoPaid: number;
  autoPayFailed: number;
  suspended: number;
  destroyed: number;
  powered: number;
  cancelled: number;
  mailed: number;
}

/** A report of a pass that found nothing to do. */
export const emptyReport = (): RenewalReport => ({
  invoiced: 0,
  autoPaid: 0,
  autoPayFailed: 0,
  suspended: 0,
  destroyed: 0,
  powered: 0,
  cancelled: 0,
  mailed: 0,
});

const BATCH = 100;

/** Whether a query failed on the one-unfinished-task-per-instance index (another task runs). */
const busy = (e: unknown) => (e as { constraint?: string }).constraint === 'tasks_one_unfinished_key';

/**
 * Runs `act` on every instance meeting a step's conditions, in batches, each in its own transaction
 * with the row locked and the conditions checked again: a row a concurrent pass or payment has
 * changed is skipped, so two passes (or two replicas) at once do every step once. One instance
 * failing is logged and left for the next pass. Returns how many `act` reported done.
 */
async function eachInstance(
  ctx: RenewalContext,
  step: Step,
  now: Date,
  days: number,
  act: (tx: Tx, instance: RenewedInstance) => Promise<boolean>,
  before?: (tx: Tx, id: number) => Promise<unknown>,
): Promise<number> {
  let done = 0;
  let after = 0;
  for (;;) {
    const ids = await renewals.batch(ctx.db, step, now, days, after, BATCH);
    for (const id of ids) {
      try {
        const did = await withTx(ctx.db, async (tx) => {
          await before?.(tx, id);
          const instance = await renewals.lock(tx, step, id, now, days);
          return instance ? act(tx, instance) : false;
        });
        if (did) done++;
      } catch (err) {
        if (!busy(err)) ctx.log.warn({ err, instance: id, step }, 'renewal step failed; the next pass tries again');
      }
    }
    if (ids.length < BATCH) return done;
    after = ids[ids.length - 1]!;
  }
}

/** Queues a lifecycle task for the renewals (not a customer action: a suspended instance takes it). */
async function queueTask(ctx: RenewalContext, tx: Tx, i: RenewedInstance, kind: string, state: object): Promise<void> {
  if (!ctx.jobs) throw new Error('renewals need the job queue');
  const task = await tasks.create(tx, { instanceId: i.id, userId: i.user_id, kind, state });
  await ctx.jobs.send(tx, TASK_QUEUE, { taskId: task.id });
}

/** a. The renewal invoice of every instance whose due date is near, mailed unless auto-renew pays it. */
function invoiceStep(ctx: RenewalContext, now: Date): Promise<number> {
  return eachInstance(ctx, 'invoice', now, ctx.config.RENEWAL_INVOICE_DAYS, async (tx, i) => {
    const cycle = cycleByKey(i.cycle);
    const user = await users.byId(tx, i.user_id);
    if (!cycle || !user) throw new Error(`instance ${i.id}: unknown cycle or user`);
    const invoice = await renewals.createInvoice(tx, i, { months: cycle.months, invoicedTo: invoicedTo(user), now });
    if (!invoice) return false;
    // Auto-renew mails the payment (renewed) or its failure instead.
    if (!i.auto_renew) await renewals.notice(tx, invoice.id, 'invoice');
    return true;
  });
}

/**
 * b. Auto-renew pays every unpaid renewal invoice from the balance, each in its own transaction
 * (the paid hook extends the due date). Too little balance leaves it unpaid and mails that once;
 * later passes try again, so a top-up before the due date still renews.
 */
async function autoPayStep(ctx: RenewalContext, report: RenewalReport): Promise<void> {
  let after = 0;
  for (;;) {
    const batch = await renewals.autoPayBatch(ctx.db, after, BATCH);
    for (const v of batch) {
      try {
        await withTx(ctx.db, (tx) => invoices.payFromBalance(tx, v.user_id, v.id));
        report.autoPaid++;
      } catch (err) {
        if (err instanceof AppError && err.code === 'balance_not_enough') {
          await renewals.notice(ctx.db, v.id, 'autopay_failed');
          report.autoPayFailed++;
        } else if (!(err instanceof AppError && err.code === 'wrong_status')) {
          ctx.log.warn({ err, invoice: v.id }, 'auto-renew failed; the next pass tries again');
        }
      }
    }
    if (batch.length < BATCH) return;
    after = batch[batch.length - 1]!.id;
  }
}

/** d. Unpaid at the due date: suspended (every action refused) and its VM stopped by a task. */
function suspendStep(ctx: RenewalContext, now: Date): Promise<number> {
  return eachInstance(
    ctx,
    'suspend',
    now,
    0,
    async (tx, i) => {
      const invoiceId = await renewals.unpaidFor(tx, i);
      if (!invoiceId) return false;
      await renewals.suspend(tx, i.id, now);
      await renewals.notice(tx, invoiceId, 'suspended');
      return true;
    },
    // The invoice before the instance, the order a payment takes them in (no deadlock with one).
    (tx, id) => renewals.lockUnpaid(tx, id),
  );
}

/**
 * e. Still suspended after the grace period: the invoice cancelled and the instance destroyed by
 * the lifecycle's destroy task (VM, address, VMID and backups released). A destroy task that
 * failed is queued again by a later pass, without a second mail.
 */
function destroyStep(ctx: RenewalContext, now: Date): Promise<number> {
  return eachInstance(
    ctx,
    'destroy',
    now,
    ctx.config.RENEWAL_GRACE_DAYS,
    async (tx, i) => {
      const unpaid = await renewals.unpaidFor(tx, i);
      if (unpaid) {
        await renewals.cancel(tx, [unpaid]);
        await renewals.notice(tx, unpaid, 'destroyed');
      }
      await renewals.setPower(tx, i.id, null);
      await queueTask(ctx, tx, i, 'destroy', {});
      return true;
    },
    // A payment locks the invoice, then (in the paid hook) the instance: take them in that order too.
    (tx, id) => renewals.lockUnpaid(tx, id),
  );
}

/** The VM stop a suspension owes, or the start its end owes, once no other task runs on the instance. */
function powerStep(ctx: RenewalContext, now: Date): Promise<number> {
  return eachInstance(ctx, 'power', now, 0, async (tx, i) => {
    const kind = i.renewal_power!;
    // A paused VM cannot shut down; it is powered off.
    const action = kind === 'start' ? 'start' : i.status === 'paused' ? 'stop' : 'shutdown';
    await renewals.setPower(tx, i.id, null);
    await queueTask(ctx, tx, i, kind, { action });
    return true;
  });
}

/**
 * The work a payment leaves for later (the VM started again, the mails): what the paid hook asks a
 * worker to do at once rather than at the next scheduled pass.
 */
export async function settleRenewals(
  ctx: RenewalContext,
  now = clock.now(),
): Promise<{ powered: number; mailed: number }> {
  const powered = await powerStep(ctx, now);
  if (powered) ctx.jobs?.wake(TASK_QUEUE);
  return { powered, mailed: await sendNotices(ctx) };
}

/**
 * One renewal pass at `now` (the shared clock, which tests move): invoices, auto-renew,
 * suspensions, destructions, the VM power changes they owe, then the mails. Every step can be
 * interrupted and run again, by this process or another, without doing anything twice.
 */
export async function runRenewals(ctx: RenewalContext, now = clock.now()): Promise<RenewalReport> {
  const report = emptyReport();
  report.cancelled = await renewals.cancelOrphans(ctx.db);
  report.invoiced = await invoiceStep(ctx, now);
  await autoPayStep(ctx, report);
  report.suspended = await suspendStep(ctx, now);
  report.destroyed = await destroyStep(ctx, now);
  const settled = await settleRenewals(ctx, now);
  report.powered = settled.powered;
  report.mailed = settled.mailed;
  if (report.destroyed) ctx.jobs?.wake(TASK_QUEUE);
  return report;
}
