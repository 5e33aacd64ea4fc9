import type { Context } from './infra/lib/context.js';
import { reconcileQueue, scheduleReconcile } from './infra/compute/reconcile.js';
import { Jobs, type Role } from './infra/jobs/jobs.js';
import { TASK_QUEUE, TaskRunner, taskJobExpirySeconds, type TaskLimits } from './infra/tasks/runner.js';
import { MODULES, setupModules } from './modules.js';

export interface Workers {
  jobs: Jobs;
  stop(): Promise<void>;
}

/** How often a worker looks for tasks whose worker died, or whose pause before a retry is over. */
const SWEEP_SECONDS = 5;

/**
 * Starts the job queue for this process's role and sets `ctx.jobs`. Workers (role worker or all)
 * run instance tasks and resume those orphaned by a dead process.
 */
export async function startWorkers(ctx: Context, role: Role, concurrency: number): Promise<Workers> {
  // Auto-renew pays invoices on workers and failed deploys refund them: the hooks run here too,
  // registered before the queues start taking jobs.
  await setupModules(ctx);
  const limits: TaskLimits = {
    maxAttempts: ctx.config.TASK_MAX_ATTEMPTS,
    retrySeconds: ctx.config.TASK_RETRY_SECONDS,
    runLimitSeconds: ctx.config.TASK_RUN_LIMIT,
  };
  const runner = new TaskRunner(ctx.db, () => ({ connectionString: ctx.databaseUrl }), ctx.log, limits, ctx.metrics);
  for (const m of MODULES) m.tasks?.(runner, ctx);
  const jobs = await Jobs.start(ctx.db, ctx.log, role, [
    {
      name: TASK_QUEUE,
      concurrency,
      expireInSeconds: taskJobExpirySeconds(limits),
      handler: (data) => runner.execute(Number(data.taskId)),
    },
    reconcileQueue(ctx),
    ...MODULES.flatMap((m) => m.queues?.(ctx) ?? []),
  ]);
  ctx.jobs = jobs;
  let timer: NodeJS.Timeout | undefined;
  /** The sweep under way, if any; once stopping, no further sweep is scheduled. */
  let sweeping: Promise<void> | undefined;
  let stopped = false;
  const stops: (() => void)[] = [];
  if (role !== 'api') {
    for (const m of MODULES) if (m.schedule) stops.push(m.schedule(ctx, jobs));
    // Only with compute to compare: at start, then every RECONCILE_EVERY_SECONDS.
    if (ctx.compute) stops.push(scheduleReconcile(ctx, jobs));
    const sweep = async () => {
      const orphans = await runner.orphans();
      for (const taskId of orphans) await jobs.send(ctx.db, TASK_QUEUE, { taskId });
      if (orphans.length) {
        ctx.log.info({ tasks: orphans }, 'resuming tasks whose worker stopped');
        jobs.wake(TASK_QUEUE);
      }
    };
    const loop = () => {
      if (stopped) return;
      timer = setTimeout(
        () => {
          sweeping = sweep()
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
      // A sweep under way would otherwise schedule the next one when it ends, which would then
      // query a pool the caller has closed.
      stopped = true;
      clearTimeout(timer);
      await sweeping;
      for (const stop of stops) stop();
      await runner.stop();
      await jobs.stop();
    },
  };
}
