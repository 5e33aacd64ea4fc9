// The app as the benches run it: this process, a fresh embedded PostgreSQL, the embedded emulated
// clusters, the default catalogue, the workers, and the app's own HTTP server on 127.0.0.1 (every
// request through the one Fastify pipeline). The rate limit is lifted: the load comes from one address.
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

/**
 * Starts the app; `extend` adds bench-only routes before it listens. `close` stops everything and
 * removes the database.
 */
export async function startBenchApp(name: string, extend?: (app: FastifyInstance, perMinute: number) => Promise<void>) {
  const dir = mkdtempSync(path.join(tmpdir(), `nimbus-bench-${name}-`));
  const log = createLogger('silent');
  const pg = await startEmbedded(dir, log);
  const embedded = await startEmbeddedCompute(0.05);
  const config = loadConfig({
    LOG_LEVEL: 'silent',
    WEB_DIST: '/nonexistent',
    RATE_LIMIT_PER_MINUTE: '100000000',
    COMPUTE_CONFIG: JSON.stringify(embedded.config),
  });
  const db = createPool(pg.url, { max: 10 });
  await migrate(db);
  const ctx = assembleContext({ config, db, databaseUrl: pg.url, log });
  ctx.compute = await startCompute(ctx, { emulatorSpeed: 1 });
  await seedDefaultCatalog(db, computeMap(config.COMPUTE_CONFIG));
  const workers = await startWorkers(ctx, 'all', config.WORKER_CONCURRENCY);
  const app = await buildApp(ctx);
  await extend?.(app, config.RATE_LIMIT_PER_MINUTE);
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
