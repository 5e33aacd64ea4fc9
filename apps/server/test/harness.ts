import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import type { DestinationStream } from 'pino';
import { inject } from 'vitest';
import { buildApp } from '../src/app.js';
import { loadConfig, type Config } from '../src/config/env.js';
import { migrate } from '../src/db/migrate.js';
import { createPool, type Db } from '../src/db/pool.js';
import type { Context } from '../src/lib/context.js';
import { createLogger } from '../src/lib/logger.js';
import { createMailer } from '../src/modules/mail/mailer.js';
import { Throttle } from '../src/modules/throttle/throttle.js';
import type { Emulator } from '@nimbus/pve-emulator';
import { computeMap } from '../src/modules/catalog/compute-map.js';
import { seedDefaultCatalog } from '../src/modules/catalog/seed.js';
import { Compute } from '../src/modules/compute/compute.js';
import { startEmbeddedCompute, type EmbeddedCompute } from '../src/modules/compute/embedded.js';
import { installationIdentity } from '../src/modules/compute/marks.js';
import { startWorkers, type Workers } from '../src/workers.js';
import { MailCatcher } from './mail-catcher.js';

export interface Harness {
  app: FastifyInstance;
  ctx: Context;
  db: Db;
  mail: MailCatcher;
  databaseUrl: string;
  /** The emulated cluster of each region (with `compute`), to inject faults or look at VMs. */
  emulators: Map<string, Emulator>;
  /** The emulated clusters themselves (with `compute`), to share with a second harness. */
  embedded: EmbeddedCompute | null;
  close(): Promise<void>;
}

async function onServer(sql: string): Promise<void> {
  const admin = new pg.Client({ connectionString: inject('databaseUrl') });
  await admin.connect();
  try {
    await admin.query(sql);
  } finally {
    await admin.end();
  }
}

/** Creates an empty database on the suite's PostgreSQL and returns a URL to it. */
export async function freshDatabase(): Promise<string> {
  const name = `t_${randomBytes(6).toString('hex')}`;
  await onServer(`create database ${name}`);
  const url = new URL(inject('databaseUrl'));
  url.pathname = `/${name}`;
  return url.toString();
}

/** Drops a database made by freshDatabase (an external TEST_DATABASE_URL server keeps no leftovers). */
export async function dropDatabase(url: string): Promise<void> {
  await onServer(`drop database if exists ${new URL(url).pathname.slice(1)} with (force)`);
}

export interface HarnessOptions {
  /**
   * Emulated Proxmox clusters for the default regions (hk, jp, sg, us), described to the server as
   * COMPUTE_CONFIG the way real clusters are, the default catalogue, and the job workers.
   */
  compute?: {
    speed?: number;
    /**
     * Emulated clusters another harness started (a second installation on the same clusters);
     * left running by this one's close. COMPUTE_CONFIG in `env` can still describe them differently.
     */
    shared?: EmbeddedCompute;
  };
  /** Where the app's log lines go (set LOG_LEVEL too); none by default. */
  log?: DestinationStream;
}

/** The real app on a fresh, migrated database, mailing through a real SMTP server on 127.0.0.1. */
export async function startHarness(env: Record<string, string> = {}, opts: HarnessOptions = {}): Promise<Harness> {
  const databaseUrl = await freshDatabase();
  const mail = await new MailCatcher().start();
  const embedded = opts.compute
    ? (opts.compute.shared ?? (await startEmbeddedCompute(opts.compute.speed ?? 0.02)))
    : null;
  const config: Config = loadConfig({
    LOG_LEVEL: 'silent',
    SMTP_URL: mail.url,
    WEB_DIST: '/nonexistent',
    ...(embedded ? { COMPUTE_CONFIG: JSON.stringify(embedded.config) } : {}),
    ...env,
  });
  const db = createPool(databaseUrl, { max: 10 });
  await migrate(db);
  const log = createLogger(config.LOG_LEVEL, opts.log);
  const ctx: Context = {
    config,
    db,
    databaseUrl,
    log,
    mailer: createMailer({ smtpUrl: config.SMTP_URL, from: config.MAIL_FROM, db, log, logMail: config.DEMO_ACCOUNT }),
    throttle: new Throttle(db, config.AUTH_RATE_LIMIT_SCALE),
  };
  let workers: Workers | null = null;
  if (embedded) {
    ctx.compute = await Compute.start({
      installation: await installationIdentity(db),
      configValue: config.COMPUTE_CONFIG,
      emulatorSpeed: 1,
      log,
    });
    try {
      await ctx.compute.assertRangesClear();
    } catch (e) {
      await ctx.compute.close();
      if (!opts.compute?.shared) await embedded?.close();
      ctx.mailer.close();
      await db.end();
      await mail.stop();
      await dropDatabase(databaseUrl);
      throw e;
    }
    await seedDefaultCatalog(db, computeMap(config.COMPUTE_CONFIG));
    workers = await startWorkers(ctx, 'all', config.WORKER_CONCURRENCY);
  }
  const app = await buildApp(ctx);
  await app.ready();
  return {
    app,
    ctx,
    db,
    mail,
    databaseUrl,
    emulators: embedded?.emulators ?? new Map(),
    embedded,
    async close() {
      await app.close();
      await workers?.stop();
      await ctx.compute?.close();
      if (!opts.compute?.shared) await embedded?.close();
      ctx.mailer.close();
      await db.end();
      await mail.stop();
      await dropDatabase(databaseUrl);
    },
  };
}
