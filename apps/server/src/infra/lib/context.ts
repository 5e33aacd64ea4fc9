import type { Logger } from 'pino';
import type { Config } from '../config/env.js';
import type { Db } from '../db/pool.js';
import type { Compute } from '../compute/compute.js';
import type { Jobs } from '../jobs/jobs.js';
import type { Metrics } from '../metrics/metrics.js';
import type { Lifecycle } from './lifecycle.js';
import type { Mailer } from '../mail/mailer.js';
import type { Throttle } from '../throttle/throttle.js';

/** What every service needs, built once per process. */
export interface Context {
  config: Config;
  db: Db;
  /** The database's URL, for connections outside the pool (a running task holds its lock on one). */
  databaseUrl: string;
  mailer: Mailer;
  throttle: Throttle;
  log: Logger;
  /** The process's Prometheus metrics (GET /metrics). */
  metrics: Metrics;
  /** Whether the process is draining before it stops (the readiness check). */
  lifecycle: Lifecycle;
  /** Proxmox clusters by region; absent in tests that do not touch compute. */
  compute?: Compute;
  /** The durable job queue; absent in tests that do not send jobs. */
  jobs?: Jobs;
}

/** Who is calling: the address for throttling and the user agent for the session record. */
export interface Caller {
  ip: string;
  userAgent: string;
}
