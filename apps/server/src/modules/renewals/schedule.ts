import type { Context } from '../../lib/context.js';
import type { Jobs, QueueSpec } from '../jobs/jobs.js';
import { runRenewals, settleRenewals } from './pass.js';

export const RENEWAL_QUEUE = 'renewals';

/** The renewal queue: a full pass, or (`settle`, sent by a payment) only what a payment leaves to do. */
export function renewalQueue(ctx: Context): QueueSpec {
  return {
    name: RENEWAL_QUEUE,
    concurrency: 1,
    handler: async (data) => {
      if (data.settle) {
        await settleRenewals(ctx);
        return;
      }
      const report = await runRenewals(ctx);
      ctx.log.info({ ...report }, 'renewal pass done');
    },
  };
}

/**
 * Sends a pass every RENEWAL_INTERVAL_SECONDS from each worker process; pg-boss keeps one job per
 * interval whatever the number of replicas (a throttled job), and the pass itself is safe to run
 * twice. Returns the function that stops the timer.
 */
export function scheduleRenewals(ctx: Context, jobs: Jobs): () => void {
  const seconds = ctx.config.RENEWAL_INTERVAL_SECONDS;
  const send = () =>
    jobs.sendThrottled(RENEWAL_QUEUE, {}, seconds).catch((err: unknown) => {
      ctx.log.warn({ err }, 'could not schedule the renewal pass');
    });
  void send();
  const timer = setInterval(() => void send(), seconds * 1000);
  timer.unref();
  return () => clearInterval(timer);
}
