import pg from 'pg';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { dropDatabase, freshDatabase } from '../../../test/harness.js';
import { createPool, type Db } from '../db/pool.js';
import { createLogger } from '../lib/logger.js';
import { Jobs } from './jobs.js';

// Stopping must leave nothing running on the pool its caller closes next: pg-boss reports a job's
// end without awaiting it, so a handler still running after stop() returned would report through a
// closed pool ("Cannot use a pool after calling end on the pool", an unhandled rejection).

let url: string;
let db: Db;
beforeEach(async () => {
  url = await freshDatabase();
  db = createPool(url, { max: 4 });
});
afterEach(async () => {
  await db.end();
  await dropDatabase(url);
});

/**
 * Resolves when the pool is asked for pg-boss's fetch of queue `name` (its cron worker fetches with
 * the same statement, for a queue of its own).
 */
function fetchAsked(pool: Db, name: string): Promise<void> {
  return new Promise((resolve) => {
    const query = pool.query.bind(pool) as (...args: unknown[]) => unknown;
    (pool as unknown as { query: (...args: unknown[]) => unknown }).query = (...args: unknown[]) => {
      const [text, values] = args;
      if (typeof text === 'string' && /skip locked/i.test(text) && Array.isArray(values) && values[0] === name) {
        resolve();
      }
      return query(...args);
    };
  });
}

describe('stopping the job workers', () => {
  it('finishes a job that a worker fetched as it was told to stop, and records its end, before it returns', async () => {
    let finished = false;
    const jobs = await Jobs.start(db, createLogger('silent'), 'worker', [
      {
        name: 'stop-race',
        concurrency: 1,
        handler: async () => {
          await db.query('select pg_sleep(0.3)');
          finished = true;
        },
      },
    ]);
    // Every connection of the pool taken: the worker's next fetch waits for one.
    const held = await Promise.all(Array.from({ length: 4 }, () => db.connect()));
    const fetching = fetchAsked(db, 'stop-race');
    const sender = new pg.Client({ connectionString: url });
    await sender.connect();
    try {
      await jobs.send(sender as unknown as pg.PoolClient, 'stop-race', {});
    } finally {
      await sender.end();
    }
    await fetching;
    // Told to stop while that fetch waits; the fetch then returns the job.
    const stopped = jobs.stop();
    for (const client of held) client.release();
    await stopped;

    expect(finished).toBe(true);
    const { rows } = await db.query<{ state: string }>("select state from pgboss.job where name = 'stop-race'");
    expect(rows).toEqual([{ state: 'completed' }]);
  });
});
