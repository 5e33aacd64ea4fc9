// The app as the benches run it: this process, a fresh embedded PostgreSQL, the embedded emulated
// clusters, the default catalogue, the workers, and the app's own HTTP server on 127.0.0.1 (every
// request through the one Fastify pipeline). The rate limit is lifted: the load comes from one address.
import { fork } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../apps/server/src/app.js';
import { computeMap } from '../apps/server/src/domains/catalog/compute-map.js';
import { seedDefaultCatalog } from '../apps/server/src/domains/catalog/seed.js';
import { startEmbeddedCompute } from '../apps/server/src/infra/compute/embedded.js';
import { loadConfig } from '../apps/server/src/infra/config/env.js';
import { startEmbedded } from '../apps/server/src/infra/db/embedded.js';
import { migrate } from '../apps/server/src/infra/db/migrate.js';
import { createPool } from '../apps/server/src/infra/db/pool.js';
import { assembleContext, startCompute } from '../apps/server/src/infra/lib/assemble.js';
import { createLogger } from '../apps/server/src/infra/lib/logger.js';
import { startWorkers } from '../apps/server/src/workers.js';

export interface BenchAppOptions {
  /** Adds bench-only routes before the app listens. */
  extend?: (app: FastifyInstance, perMinute: number) => Promise<void>;
  /** The emulated tasks' speed (1 = realistic durations) and Proxmox's task limits. */
  emulator?: { speed: number; limits?: { perNode: number; perStorage: number } };
  /** More configuration, as environment variables. */
  env?: Record<string, string>;
  poolMax?: number;
}

/** Starts the app; `close` stops everything and removes the database. */
export async function startBenchApp(name: string, opts: BenchAppOptions = {}) {
  const dir = mkdtempSync(path.join(tmpdir(), `nimbus-bench-${name}-`));
  const log = createLogger('silent');
  const pg = await startEmbedded(dir, log);
  const embedded = await startEmbeddedCompute(opts.emulator?.speed ?? 0.05, opts.emulator?.limits);
  const config = loadConfig({
    LOG_LEVEL: 'silent',
    WEB_DIST: '/nonexistent',
    RATE_LIMIT_PER_MINUTE: '100000000',
    COMPUTE_CONFIG: JSON.stringify(embedded.config),
    ...opts.env,
  });
  const db = createPool(pg.url, { max: opts.poolMax ?? 10 });
  await migrate(db);
  const ctx = assembleContext({ config, db, databaseUrl: pg.url, log });
  ctx.compute = await startCompute(ctx, { emulatorSpeed: 1 });
  await seedDefaultCatalog(db, computeMap(config.COMPUTE_CONFIG));
  const workers = await startWorkers(ctx, 'all', config.WORKER_CONCURRENCY);
  const app = await buildApp(ctx);
  await opts.extend?.(app, config.RATE_LIMIT_PER_MINUTE);
  await app.listen({ port: 0, host: '127.0.0.1' });
  const base = `http://127.0.0.1:${(app.server.address() as { port: number }).port}`;

  /** Calls the API as the web client does; throws on an error answer. */
  async function api<T>(method: string, url: string, ssid: string, body?: unknown): Promise<T> {
    const res = await fetch(`${base}/api${url}`, {
      method,
      headers: { ssid, ...(body ? { 'content-type': 'application/json' } : {}) },
      body: body ? JSON.stringify(body) : undefined,
    });
    const json = (await res.json()) as { data: T; code?: string };
    if (!res.ok) throw new Error(`${method} ${url}: ${res.status} ${json.code}`);
    return json.data;
  }

  async function close() {
    await app.close();
    await workers.stop();
    await ctx.compute?.close();
    await embedded.close();
    ctx.mailer.close();
    await db.end();
    await pg.stop();
    rmSync(dir, { recursive: true, force: true });
  }
  return { db, app, base, config, ctx, embedded, api, close };
}

/** What bench/status-load.mjs measured of one load. */
export interface LoadResult {
  requests: number;
  rps: number;
  p50: number;
  p90: number;
  p99: number;
  max: number;
  errors: number;
  statuses: Record<string, number>;
  /** Open loop: the p99 of how late the generator sent requests (included in the latencies). */
  lagP99: number | null;
}

/** Runs one load from a child process (bench/status-load.mjs), off this process's CPU and loop. */
export function runLoad(data: Record<string, unknown>): Promise<LoadResult> {
  return new Promise((resolve, reject) => {
    const child = fork(new URL('./status-load.mjs', import.meta.url));
    child.once('message', resolve);
    child.once('error', reject);
    child.send(data);
  });
}
