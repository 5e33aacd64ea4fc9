import type { Context } from '../../infra/lib/context.js';
import { sendEvery } from '../../infra/jobs/every.js';
import type { Jobs, QueueSpec } from '../../infra/jobs/jobs.js';
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

/** Sends a pass every RENEWAL_INTERVAL_SECONDS (see sendEvery); returns the function that stops the timer. */
export function scheduleRenewals(ctx: Context, jobs: Jobs): () => void {
  return sendEvery(ctx.log, jobs, RENEWAL_QUEUE, ctx.config.RENEWAL_INTERVAL_SECONDS);
}
