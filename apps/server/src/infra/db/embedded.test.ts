import { chmodSync, cpSync, mkdirSync, mkdtempSync, readFileSync, readlinkSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { createLogger } from '../lib/logger.js';
import { freePort, startServer, stop } from '../../../test/processes.js';
import { startEmbedded } from './embedded.js';
import { packagedBinaries } from './pg-host.js';

const asRoot = process.getuid?.() === 0;
const cleanup: string[] = [];
afterAll(() => {
  for (const dir of cleanup) rmSync(dir, { recursive: true, force: true });
});

/** A folder only its owner may enter, like root's home. */
function privateFolder(): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'nimbus-private-'));
  cleanup.push(dir);
  return dir;
}

function recordedCluster(dataDir: string): string | undefined {
  const record = JSON.parse(readFileSync(path.join(dataDir, 'db-credentials.json'), 'utf8')) as { cluster?: string };
  if (record.cluster) cleanup.push(path.dirname(record.cluster));
  return record.cluster;
}

describe('the embedded PostgreSQL wherever Nimbus is cloned', () => {
  it('starts the server with DATA_DIR inside a private (0700) folder, and keeps its data across restarts', async () => {
    const dataDir = path.join(privateFolder(), 'data');
    const env = { DATA_DIR: dataDir, WEB_DIST: '/nonexistent' };
    const first = await startServer({ ...env, PORT: String(await freePort()) });
    const cluster = recordedCluster(dataDir);
    try {
      const banner = first.output();
      if (asRoot) {
        // The postgres user cannot pass through the private folder: the cluster lives outside, and says so.
        expect(cluster).toMatch(/^\/var\/lib\/nimbus\/clusters\/[0-9a-f]{16}\/pg$/);
        expect(banner).toContain(`cluster in ${cluster}`);
        expect(banner).toContain(`the postgres user cannot reach ${dataDir}`);
      } else {
        expect(banner).toContain(`cluster in ${path.join(dataDir, 'pg')}`);
      }
      expect(banner).toMatch(/demo account \(first start\)/);
      const port = /running at http:\/\/localhost:(\d+)/.exec(banner)![1];
      const health = await fetch(`http://127.0.0.1:${port}/api/health`);
      expect(health.status).toBe(200);
    } finally {
      expect(await stop(first.child)).toBe(0);
    }
    const second = await startServer({ ...env, PORT: String(await freePort()) });
    try {
      // Same cluster, same data: the demo account of the first start is not made again.
      expect(second.output()).toContain(`cluster in ${cluster ?? path.join(dataDir, 'pg')}`);
      expect(second.output()).not.toContain('demo account');
    } finally {
      expect(await stop(second.child)).toBe(0);
    }
  });

  it('runs PostgreSQL binaries installed under a private folder, through a copy the postgres user can reach', async () => {
    const installed = await packagedBinaries();
    const hidden = path.join(privateFolder(), 'native');
    cpSync(installed.home, hidden, { recursive: true, verbatimSymlinks: true });
    const stateDir = mkdtempSync(path.join(tmpdir(), 'nimbus-state-'));
    cleanup.push(stateDir);
    chmodSync(stateDir, 0o755);
    const dataDir = path.join(stateDir, 'data');
    mkdirSync(dataDir);
    const db = await startEmbedded(dataDir, createLogger('silent'), {
      binaries: { home: hidden, version: installed.version },
      stateDir,
    });
    try {
      const client = new pg.Client({ connectionString: db.url });
      await client.connect();
      const { rows } = await client.query<{ v: string }>("select current_setting('server_version') as v");
      await client.end();
      expect(rows[0]!.v).toMatch(/^18\./);
      // The running postmaster is the copy when we are root (the postgres user cannot enter the private folder).
      const pid = readFileSync(path.join(db.dir, 'postmaster.pid'), 'utf8').split('\n')[0]!;
      const exe = readlinkSync(`/proc/${pid}/exe`);
      const home = asRoot ? path.join(stateDir, `postgresql-${installed.version}`) : hidden;
      expect(exe).toBe(path.join(home, 'bin', 'postgres'));
    } finally {
      await db.stop();
    }
  });
});

describe('the embedded PostgreSQL on a busy machine', () => {
  it('takes another port when the one it picked is taken before PostgreSQL binds it', async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'nimbus-port-'));
    cleanup.push(dataDir);
    // Another program binds the picked port between the check and PostgreSQL's start.
    const taken = await freePort();
    const holder = createServer();
    await new Promise<void>((resolve) => holder.listen(taken, '127.0.0.1', resolve));
    const next = await freePort();
    const picks = [taken, next];
    try {
      const db = await startEmbedded(dataDir, createLogger('silent'), { freePort: async () => picks.shift()! });
      try {
        expect(new URL(db.url).port).toBe(String(next));
        // The lock says where it listens, for the admin CLI and other processes on DATA_DIR.
        expect(JSON.parse(readFileSync(path.join(dataDir, 'nimbus.lock'), 'utf8'))).toMatchObject({ port: next });
        const client = new pg.Client({ connectionString: db.url });
        await client.connect();
        expect((await client.query<{ one: number }>('select 1 as one')).rows).toEqual([{ one: 1 }]);
        await client.end();
      } finally {
        await db.stop();
      }
    } finally {
      await new Promise((resolve) => holder.close(resolve));
    }
  });
});
