import type { Db } from '../db/pool.js';
import { queueStats } from '../jobs/jobs.js';
import type { Metrics } from './metrics.js';

/** The pool's connections at each scrape: open, idle, and callers waiting for one. */
export function watchPool(metrics: Metrics, db: Db): void {
  const gauge = metrics.gauge('nimbus_db_pool_connections', 'Database pool connections by state.', ['state']);
  metrics.onScrape('db-pool', () => {
    gauge.set({ state: 'total' }, db.totalCount);
    gauge.set({ state: 'idle' }, db.idleCount);
    gauge.set({ state: 'waiting' }, db.waitingCount);
  });
}

/** Each job queue's depth and the wait of its oldest due job, read from the jobs tables at each scrape. */
export function watchQueues(metrics: Metrics, db: Db): void {
  const waiting = metrics.gauge('nimbus_job_queue_waiting', 'Jobs due and not yet taken, by queue.', ['queue']);
  const active = metrics.gauge('nimbus_job_queue_active', 'Jobs being run, by queue.', ['queue']);
  const oldest = metrics.gauge(
    'nimbus_job_queue_oldest_waiting_seconds',
    'How long the oldest due job of each queue has waited (0 when none waits).',
    ['queue'],
  );
  metrics.onScrape('job-queues', async () => {
    const stats = await queueStats(db);
    for (const s of stats) {
      waiting.set({ queue: s.name }, s.waiting);
      active.set({ queue: s.name }, s.active);
      oldest.set({ queue: s.name }, s.oldestSeconds);
    }
  });
}
