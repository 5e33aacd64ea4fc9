import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import type { DestinationStream } from 'pino';
import { inject } from 'vitest';
import { buildApp } from '../src/app.js';
import { loadConfig, type Config } from '../src/infra/config/env.js';
import { migrate } from '../src/infra/db/migrate.js';
import { createPool, type Db } from '../src/infra/db/pool.js';
import { assembleContext, startCompute } from '../src/infra/lib/assemble.js';
import type { Context } from '../src/infra/lib/context.js';
import { createLogger } from '../src/infra/lib/logger.js';
import { Throttle } from '../src/infra/throttle/throttle.js';
import type { Emulator } from '@nimbus/pve-emulator';
import { computeMap } from '../src/domains/catalog/compute-map.js';
import { seedDefaultCatalog } from '../src/domains/catalog/seed.js';
import { startEmbeddedCompute, type EmbeddedCompute } from '../src/infra/compute/embedded.js';
import { startWorkers, type Workers } from '../src/workers.js';
import { MailCatcher } from './mail-catcher.js';

export interface Harness {
  app: FastifyInstance;
  ctx: Context;
  db: Db;
  mail: MailCatcher;
  databaseUrl: string;
  /** The environment the app's configuration was read from. */
  env: Record<string, string>;
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

export interface Replica {
  app: FastifyInstance;
  ctx: Context;
  close(): Promise<void>;
}

/**
 * A second server process on the harness's database, as a replica behind a load balancer runs: its
 * own app, memory, Proxmox clients and (when the harness has compute) task workers, with `env`
 * changing its configuration.
 */
export async function startReplica(h: Harness, env: Record<string, string> = {}): Promise<Replica> {
  const config: Config = loadConfig({ ...h.env, ...env });
  const ctx: Context = {
    ...h.ctx,
    config,
    throttle: new Throttle(h.db, config.AUTH_RATE_LIMIT_SCALE),
    jobs: undefined,
  };
  const server = await startServerParts(ctx, !!h.ctx.compute);
  return { app: server.app, ctx, close: server.stop };
}

/**
 * A server process's parts on `ctx`: with compute its Proxmox clients (refusing, as a start does,
 * another installation's VMs in its VMID ranges) and task workers, then its app.
 */
async function startServerParts(ctx: Context, withCompute: boolean) {
  let workers: Workers | null = null;
  if (withCompute) {
    ctx.compute = await startCompute(ctx, { emulatorSpeed: 1 });
    workers = await startWorkers(ctx, 'all', ctx.config.WORKER_CONCURRENCY);
  }
  const app = await buildApp(ctx);
  await app.ready();
  return {
    app,
    async stop() {
      await app.close();
      await workers?.stop();
      await ctx.compute?.close();
    },
  };
}

/** The real app on a fresh, migrated database, mailing through a real SMTP server on 127.0.0.1. */
export async function startHarness(env: Record<string, string> = {}, opts: HarnessOptions = {}): Promise<Harness> {
  const databaseUrl = await freshDatabase();
  const mail = await new MailCatcher().start();
  const shared = opts.compute?.shared;
  const embedded = opts.compute ? (shared ?? (await startEmbeddedCompute(opts.compute.speed ?? 0.02))) : null;
  const appEnv: Record<string, string> = {
    LOG_LEVEL: 'silent',
    SMTP_URL: mail.url,
    WEB_DIST: '/nonexistent',
    // The suite must pass on a nearly full disk (CI machines have had a few hundred MB free); the
    // floor itself is tested with values set on purpose (tickets/storage-limits.test.ts).
    DATA_DIR_MIN_FREE_MB: '1',
    ...(embedded ? { COMPUTE_CONFIG: JSON.stringify(embedded.config) } : {}),
    ...env,
  };
  const config: Config = loadConfig(appEnv);
  const db = createPool(databaseUrl, { max: 10 });
  await migrate(db);
  const log = createLogger(config.LOG_LEVEL, opts.log);
  const ctx = assembleContext({ config, db, databaseUrl, log });
  const release = async () => {
    if (!shared) await embedded?.close();
    ctx.mailer.close();
    await db.end();
    await mail.stop();
    await dropDatabase(databaseUrl);
  };
  if (embedded) await seedDefaultCatalog(db, computeMap(config.COMPUTE_CONFIG));
  let server: Awaited<ReturnType<typeof startServerParts>>;
  try {
    server = await startServerParts(ctx, !!embedded);
  } catch (e) {
    await release();
    throw e;
  }
  const { app, stop } = server;
  return {
    app,
    ctx,
    db,
    mail,
    databaseUrl,
    env: appEnv,
    emulators: embedded?.emulators ?? new Map(),
    embedded,
    async close() {
      await stop();
      await release();
    },
  };
}
