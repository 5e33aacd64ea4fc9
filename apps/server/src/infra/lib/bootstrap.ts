import type { Logger } from 'pino';
import type { Config } from '../config/env.js';
import { joinRunning, startEmbedded } from '../db/embedded.js';
import { migrate } from '../db/migrate.js';
import { createPool, type Db } from '../db/pool.js';

export interface Database {
  db: Db;
  url: string;
  /** The embedded cluster's folder, or null on DATABASE_URL (or when joining a running server). */
  clusterDir: string | null;
  close(): Promise<void>;
}

/**
 * Opens the database the config names: DATABASE_URL, else the embedded cluster under DATA_DIR.
 * With join, a cluster already owned by a running server is used instead of starting one (admin CLI).
 */
export async function openDatabase(config: Config, log: Logger, opts: { join?: boolean } = {}): Promise<Database> {
  const joined = opts.join && !config.DATABASE_URL ? joinRunning(config.DATA_DIR) : null;
  const embedded = config.DATABASE_URL || joined ? null : await startEmbedded(config.DATA_DIR, log);
  const url = config.DATABASE_URL ?? joined ?? embedded!.url;
  const db = createPool(url, {
    onError: (err) => log.warn({ err: err.message }, 'an idle database connection failed'),
  });
  try {
    const applied = await migrate(db);
    if (applied.length) log.info({ applied }, 'migrations applied');
  } catch (e) {
    await db.end().catch(() => undefined);
    await embedded?.stop();
    throw e;
  }
  return {
    db,
    url,
    clusterDir: embedded?.dir ?? null,
    async close() {
      await db.end().catch(() => undefined);
      await embedded?.stop();
    },
  };
}
