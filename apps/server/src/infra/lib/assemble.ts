import type { Logger } from 'pino';
import { Compute } from '../compute/compute.js';
import { installationIdentity } from '../compute/marks.js';
import type { Config } from '../config/env.js';
import type { Db } from '../db/pool.js';
import { createMailer } from '../mail/mailer.js';
import { Metrics } from '../metrics/metrics.js';
import { watchPool, watchQueues } from '../metrics/readers.js';
import { Throttle } from '../throttle/throttle.js';
import { Lifecycle } from './lifecycle.js';
import type { Context } from './context.js';

/** What a process brings to its context: its configuration, database and log. */
export interface ContextBase {
  config: Config;
  db: Db;
  databaseUrl: string;
  log: Logger;
}

/**
 * A process's context, built the same way by every entry point (the server, the test harness, the
 * benches): mail and throttles on the database, and the metrics with the pool and the job queues
 * read at each scrape. Proxmox clients are added by startCompute.
 */
export function assembleContext(base: ContextBase): Context {
  const { config, db, log } = base;
  const metrics = new Metrics();
  watchPool(metrics, db);
  watchQueues(metrics, db);
  return {
    ...base,
    metrics,
    lifecycle: new Lifecycle(),
    mailer: createMailer({ smtpUrl: config.SMTP_URL, from: config.MAIL_FROM, db, log, logMail: config.DEMO_ACCOUNT }),
    throttle: new Throttle(db, config.AUTH_RATE_LIMIT_SCALE),
  };
}

/**
 * Starts the Proxmox clients of COMPUTE_CONFIG (or the emulated clusters) for `ctx`, refusing, as a
 * start does, another installation's VMs in its VMID ranges.
 */
export async function startCompute(ctx: Context, opts: { emulatorSpeed: number; stateDir?: string }): Promise<Compute> {
  const compute = await Compute.start({
    installation: await installationIdentity(ctx.db),
    configValue: ctx.config.COMPUTE_CONFIG,
    emulatorSpeed: opts.emulatorSpeed,
    log: ctx.log,
    stateDir: opts.stateDir,
    // The per-node and per-storage limits hold across every replica on this database.
    databaseUrl: ctx.databaseUrl,
    metrics: ctx.metrics,
  });
  try {
    await compute.assertRangesClear();
  } catch (e) {
    await compute.close();
    throw e;
  }
  return compute;
}
