import type { Context } from './infra/lib/context.js';
import { releaseDue } from './domains/affiliate/commissions.js';
import { purgeExpired } from './domains/accounts/purge.js';
import { deployHandler } from './domains/deploy/provision.js';
import { registerInstanceDataHandlers } from './domains/instance-data/handlers.js';
import { registerLifecycleHandlers } from './domains/instances/handlers.js';
import { Jobs, type Role } from './infra/jobs/jobs.js';
import { registerHooks } from './hooks.js';
import { storeIssuer } from './domains/billing/issuer.js';
import { renewalQueue, scheduleRenewals } from './domains/renewals/schedule.js';
import { reconcileQueue, scheduleReconcile } from './infra/compute/reconcile.js';
import { TASK_QUEUE, TaskRunner, taskJobExpirySeconds, type TaskLimits } from './infra/tasks/runner.js';
import { removeStaleUploads } from './domains/tickets/attachments.js';

export interface Workers {
  jobs: Jobs;
  stop(): Promise<void>;
}

/** The queue of the scheduled purge of expired rows. */
export const PURGE_QUEUE = 'accounts.purge';

/** How often a worker looks for tasks whose worker died, or whose pause before a retry is over. */
const SWEEP_SECONDS = 5;

/**
 * Starts the job queue for this process's role and sets `ctx.jobs`. Workers (role worker or all)
 * run instance tasks and resume those orphaned by a dead process.
 */
export async function startWorkers(ctx: Context, role: Role, concurrency: number): Promise<Workers> {
  // Auto-renew pays invoices on workers and failed deploys refund them: the hooks run here too,
  // registered before the queues start taking jobs.
  registerHooks(ctx);
  await storeIssuer(ctx.db, ctx.config);
  const limits: TaskLimits = {
    maxAttempts: ctx.config.TASK_MAX_ATTEMPTS,
    retrySeconds: ctx.config.TASK_RETRY_SECONDS,
    runLimitSeconds: ctx.config.TASK_RUN_LIMIT,
  };
  const runner = new TaskRunner(ctx.db, () => ({ connectionString: ctx.databaseUrl }), ctx.log, limits);
  runner.register('deploy', deployHandler(ctx));
  registerInstanceDataHandlers(runner, ctx);
  registerLifecycleHandlers(runner, ctx);
  const jobs = await Jobs.start(ctx.db, ctx.log, role, [
    {
      name: TASK_QUEUE,
      concurrency,
      expireInSeconds: taskJobExpirySeconds(limits),
      handler: (data) => runner.execute(Number(data.taskId)),
    },
    renewalQueue(ctx),
    reconcileQueue(ctx),
    // Commissions whose hold has passed become available; one UPDATE, harmless if two replicas ran it.
    {
      name: 'affiliate.release',
      concurrency: 1,
      cron: '* * * * *',
      handler: async () => {
        await releaseDue(ctx.db);
      },
    },
    // Ticket attachments no ticket or reply named within a day go, with their bytes.
    {
      name: 'tickets.attachments.cleanup',
      concurrency: 1,
      cron: '17 * * * *',
      handler: async () => {
        const removed = await removeStaleUploads(ctx);
        if (removed) ctx.log.info({ removed }, 'removed ticket attachments never sent');
      },
    },
    // Expired sessions, old idempotency keys and spent codes (domains/accounts/purge.ts).
    {
      name: PURGE_QUEUE,
      concurrency: 1,
      cron: '*/15 * * * *',
      handler: async () => {
        const removed = await purgeExpired(ctx.db);
        ctx.log.info({ removed }, 'purged expired sessions, keys and codes');
      },
    },
  ]);
  ctx.jobs = jobs;
  let timer: NodeJS.Timeout | undefined;
  let stopRenewals: () => void = () => undefined;
  let stopReconcile: () => void = () => undefined;
  if (role !== 'api') {
    stopRenewals = scheduleRenewals(ctx, jobs);
    // Only with compute to compare: at start, then every RECONCILE_EVERY_SECONDS.
    if (ctx.compute) stopReconcile = scheduleReconcile(ctx, jobs);
    const sweep = async () => {
      const orphans = await runner.orphans();
      for (const taskId of orphans) await jobs.send(ctx.db, TASK_QUEUE, { taskId });
      if (orphans.length) {
        ctx.log.info({ tasks: orphans }, 'resuming tasks whose worker stopped');
        jobs.wake(TASK_QUEUE);
      }
    };
    const loop = () => {
      timer = setTimeout(
        () => {
          sweep()
            .catch((err: unknown) => ctx.log.warn({ err }, 'task sweep failed'))
            .finally(loop);
        },
        Math.min(SWEEP_SECONDS, limits.retrySeconds) * 1000,
      );
      timer.unref();
    };
    await sweep();
    loop();
  }
  return {
    jobs,
    async stop() {
      clearTimeout(timer);
      stopRenewals();
      stopReconcile();
      await runner.stop();
      await jobs.stop();
    },
  };
}
