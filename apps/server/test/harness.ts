import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { inject } from 'vitest';
import { buildApp } from '../src/app.js';
import { loadConfig, type Config } from '../src/config/env.js';
import { migrate } from '../src/db/migrate.js';
import { createPool, type Db } from '../src/db/pool.js';
import type { Context } from '../src/lib/context.js';
import { createLogger } from '../src/lib/logger.js';
import { createMailer } from '../src/modules/mail/mailer.js';
import { Throttle } from '../src/modules/throttle/throttle.js';
import { MailCatcher } from './mail-catcher.js';

export interface Harness {
  app: FastifyInstance;
  ctx: Context;
  db: Db;
  mail: MailCatcher;
  databaseUrl: string;
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

/** The real app on a fresh, migrated database, mailing through a real SMTP server on 127.0.0.1. */
export async function startHarness(env: Record<string, string> = {}): Promise<Harness> {
  const databaseUrl = await freshDatabase();
  const mail = await new MailCatcher().start();
  const config: Config = loadConfig({ LOG_LEVEL: 'silent', SMTP_URL: mail.url, WEB_DIST: '/nonexistent', ...env });
  const db = createPool(databaseUrl, { max: 5 });
  await migrate(db);
  const log = createLogger(config.LOG_LEVEL);
  const ctx: Context = {
    config,
    db,
    log,
    mailer: createMailer({ smtpUrl: config.SMTP_URL, from: config.MAIL_FROM, db, log }),
    throttle: new Throttle(db, config.AUTH_RATE_LIMIT_SCALE),
  };
  const app = await buildApp(ctx);
  await app.ready();
  return {
    app,
    ctx,
    db,
    mail,
    databaseUrl,
    async close() {
      await app.close();
      ctx.mailer.close();
      await db.end();
      await mail.stop();
      await dropDatabase(databaseUrl);
    },
  };
}
