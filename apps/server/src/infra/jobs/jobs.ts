import PgBoss from 'pg-boss';
import type { Logger } from 'pino';
import type { Db, Queryable } from '../db/pool.js';
import { currentRequestId, withJobOrigin } from '../lib/request-context.js';

/** How a process takes part in jobs: `api` only sends them, `worker` only runs them, `all` does both. */
export type Role = 'api' | 'worker' | 'all';

export interface QueueSpec {
  name: string;
  /** Runs one job's data; throwing fails the job (no automatic retry: handlers resume from checkpoints). */
  handler: (data: Record<string, unknown>) => Promise<void>;
  /** Jobs of this queue run at the same time in one process. */
  concurrency: number;
  /**
   * How long pg-boss lets one job run before it fails it and frees the worker slot for the next job
   * (the handler, still running, would then exceed `concurrency`): longer than the longest run.
   */
  expireInSeconds?: number;
  /** Also sent on this cron schedule (pg-boss sends each tick once, whatever the number of replicas). */
  cron?: string;
}

const adapter = (db: Queryable): PgBoss.Db => ({
  executeSql: (text, values) => db.query(text, values),
});

/**
 * pg-boss's own queries through the pool, each kept until it settles: pg-boss reports a job's end
 * without awaiting it (manager.complete), so after the last handler returned its query may still be
 * under way; stopping waits for them before the pool may close.
 */
function trackedAdapter(db: Queryable, inFlight: Set<Promise<unknown>>): PgBoss.Db {
  return {
    executeSql: (text, values) => {
      const query = db.query(text, values);
      const settled = query.then(
        () => undefined,
        () => undefined,
      );
      inFlight.add(settled);
      void settled.then(() => inFlight.delete(settled));
      return query;
    },
  };
}

/**
 * Durable jobs in the same PostgreSQL (pg-boss, schema `pgboss`). A job is sent inside the
 * transaction that creates its work, so it exists exactly when that work does.
 */
/** Any constant shared by every replica (beside migrate.ts's): one of them sets up the queues at a time. */
const SETUP_LOCK_KEY = 7_391_003;

/** How long stopping waits for the jobs in hand (a renewal pass, a mail) before it lets go of them. */
const STOP_WAIT_MS = 60_000;

export class Jobs {
  private readonly workerIds = new Map<string, string[]>();
  /** The handlers running in this process, so stopping can wait for them. */
  private readonly running = new Set<Promise<unknown>>();

  private constructor(
    private readonly boss: PgBoss,
    readonly role: Role,
    private readonly log: Logger,
    /** pg-boss's queries under way (trackedAdapter). */
    private readonly inFlight: Set<Promise<unknown>>,
  ) {}

  static async start(db: Db, log: Logger, role: Role, queues: QueueSpec[]): Promise<Jobs> {
    const runs = role !== 'api';
    const inFlight = new Set<Promise<unknown>>();
    const boss = new PgBoss({
      db: trackedAdapter(db, inFlight),
      schema: 'pgboss',
      supervise: runs,
      schedule: runs,
      migrate: true,
      // Sent jobs are picked up within half a second, or at once when sent from this process (wake).
      pollingIntervalSeconds: 0.5,
    } as PgBoss.ConstructorOptions);
    boss.on('error', (err) => log.error({ err }, 'job queue error'));
    // Two replicas starting together on a new database both created pg-boss's schema (one died on
    // "pgboss already exists") and its queues (a deadlock): setting up takes turns on a lock held
    // by a connection of its own, while pg-boss works through the pool.
    const turn = await db.connect();
    try {
      await turn.query('select pg_advisory_lock($1)', [SETUP_LOCK_KEY]);
      return await Jobs.setUp(boss, role, log, queues, inFlight);
    } finally {
      await turn.query('select pg_advisory_unlock($1)', [SETUP_LOCK_KEY]).catch(() => undefined);
      turn.release();
    }
  }

  private static async setUp(
    boss: PgBoss,
    role: Role,
    log: Logger,
    queues: QueueSpec[],
    inFlight: Set<Promise<unknown>>,
  ): Promise<Jobs> {
    const runs = role !== 'api';
    await boss.start();
    const jobs = new Jobs(boss, role, log, inFlight);
    for (const q of queues) {
      const options: PgBoss.Queue = {
        name: q.name,
        policy: 'standard',
        retryLimit: 0,
        expireInSeconds: q.expireInSeconds ?? 3600,
      };
      // createQueue leaves an existing queue as it was: an upgraded install gets today's settings too.
      await boss.createQueue(q.name, options);
      await boss.updateQueue(q.name, options);
      if (runs) await jobs.work(q);
      if (runs && q.cron) await boss.schedule(q.name, q.cron);
    }
    return jobs;
  }

  private async work(q: QueueSpec): Promise<void> {
    const ids: string[] = [];
    for (let i = 0; i < q.concurrency; i++) {
      ids.push(
        await this.boss.work<Record<string, unknown>>(
          q.name,
          { batchSize: 1, pollingIntervalSeconds: 0.5 },
          async ([job]) => {
            if (!job) return;
            const origin = typeof job.data.requestId === 'string' ? job.data.requestId : null;
            const run = withJobOrigin(origin, () => q.handler(job.data));
            this.running.add(run);
            try {
              await run;
            } catch (err) {
              this.log.error({ err, queue: q.name, job: job.id }, 'job failed');
              throw err;
            } finally {
              this.running.delete(run);
            }
          },
        ),
      );
    }
    this.workerIds.set(q.name, ids);
  }

  /**
   * Sends a job through `db` — pass the transaction that creates the job's work. Sent while serving
   * a request, the job carries the request's id (`requestId`), bound to its run's log lines.
   */
  async send(db: Queryable, queue: string, data: Record<string, unknown>): Promise<void> {
    const requestId = currentRequestId();
    await this.boss.send(queue, requestId ? { requestId, ...data } : data, { db: adapter(db) });
  }

  /** Sends a job unless one was already sent in the same `seconds`-long slot (by any process). */
  async sendThrottled(queue: string, data: Record<string, unknown>, seconds: number): Promise<void> {
    await this.boss.sendThrottled(queue, data, {}, seconds);
  }

  /** Tells this process's idle workers of a queue to look for jobs now (after the sending transaction committed). */
  wake(queue: string): void {
    for (const id of this.workerIds.get(queue) ?? []) this.boss.notifyWorker(id);
  }

  /**
   * Stops taking jobs, lets the jobs in hand finish (up to STOP_WAIT_MS) while pg-boss's connections
   * are still open, then stops pg-boss. A job that outlived pg-boss's own wait would report its end
   * through a closed pool, which rejects where nobody listens and ends the process with an error.
   */
  async stop(): Promise<void> {
    for (const name of this.workerIds.keys()) await this.boss.offWork(name);
    await this.drain(Date.now() + STOP_WAIT_MS);
    await this.boss.stop({ graceful: true, wait: true, timeout: 10_000 } as PgBoss.StopOptions);
    // The last jobs' ends, which pg-boss reports without awaiting, reach the database before the
    // caller may close the pool (else: "Cannot use a pool after calling end", unhandled).
    await this.drain(Date.now() + 10_000);
  }

  /**
   * Waits, until `deadline`, for the handlers running and pg-boss's queries under way, again and
   * again until none is left. A worker told to stop while its fetch was under way still runs the jobs
   * that fetch returns (pg-boss looks for stopping only between fetches): that handler begins after
   * the call to stop, when the fetch's query ends, so each round first gives it a turn of the event
   * loop to begin.
   */
  private async drain(deadline: number): Promise<void> {
    for (;;) {
      await new Promise<void>((resolve) => setImmediate(resolve));
      const pending = [...this.running, ...this.inFlight];
      if (pending.length === 0 || Date.now() >= deadline) return;
      let timer: NodeJS.Timeout | undefined;
      const late = new Promise<void>((resolve) => (timer = setTimeout(resolve, deadline - Date.now())));
      await Promise.race([Promise.allSettled(pending), late]);
      clearTimeout(timer);
    }
  }
}

/** One queue as a scrape sees it. */
export interface QueueStat {
  name: string;
  /** Jobs due and not yet taken by a worker. */
  waiting: number;
  /** Jobs a worker is running. */
  active: number;
  /** Seconds the longest-waiting due job has waited since it was due (0 when none waits). */
  oldestSeconds: number;
}

/**
 * Every queue's depth but pg-boss's own, read from its tables (none before pg-boss first started on
 * the database).
 */
export async function queueStats(db: Queryable): Promise<QueueStat[]> {
  try {
    const { rows } = await db.query<QueueStat>(
      `select q.name,
         count(j.id) filter (where j.state < 'active' and j.start_after <= now())::int as waiting,
         count(j.id) filter (where j.state = 'active')::int as active,
         coalesce(extract(epoch from now() - min(j.start_after)
           filter (where j.state < 'active' and j.start_after <= now())), 0)::float8 as "oldestSeconds"
       from pgboss.queue q left join pgboss.job j on j.name = q.name and j.state <= 'active'
       where q.name not like '\\_\\_pgboss\\_\\_%'
       group by q.name order by q.name`,
    );
    return rows;
  } catch (e) {
    if ((e as { code?: string }).code === '3F000' || (e as { code?: string }).code === '42P01') return [];
    throw e;
  }
}
