import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { dropDatabase, freshDatabase } from '../../../test/harness.js';
import { freePort, startServer, stop } from '../../../test/processes.js';
import { startEmbeddedCompute } from '../../infra/compute/embedded.js';

// Two replicas starting together on an empty database both counted no accounts and
// both made the demo account (one then died on the unique email). Only the embedded demo (emulated
// compute) has a demo account, made once.

const cleanup: (() => Promise<void>)[] = [];
afterAll(async () => {
  for (const c of cleanup) await c();
});

async function place() {
  const databaseUrl = await freshDatabase();
  const dataDir = mkdtempSync(path.join(tmpdir(), 'nimbus-demo-'));
  cleanup.push(async () => {
    rmSync(dataDir, { recursive: true, force: true });
    await dropDatabase(databaseUrl);
  });
  return { databaseUrl, dataDir };
}

async function demoUsers(databaseUrl: string): Promise<number> {
  const c = new pg.Client({ connectionString: databaseUrl });
  await c.connect();
  try {
    const { rows } = await c.query<{ n: number }>(
      "select count(*)::int as n from users where email = 'demo@example.com'",
    );
    return rows[0]!.n;
  } finally {
    await c.end();
  }
}

describe('the demo account', () => {
  it('is made once when two replicas start together on an empty database', async () => {
    const { databaseUrl, dataDir } = await place();
    // Replicas share DATA_DIR (their attachments must be seen by all: replicas/replicas.ts).
    const servers = await Promise.all(
      [0, 1].map(async () =>
        startServer({
          DATABASE_URL: databaseUrl,
          DATA_DIR: dataDir,
          WEB_DIST: '/nonexistent',
          PORT: String(await freePort()),
        }),
      ),
    );
    try {
      const banners = servers.map((s) => s.output());
      expect(banners.filter((b) => b.includes('demo account (first start)'))).toHaveLength(1);
      expect(await demoUsers(databaseUrl)).toBe(1);
    } finally {
      for (const s of servers) expect(await stop(s.child)).toBe(0);
    }
  });

  it('is not made beside real compute (COMPUTE_CONFIG), even with DEMO_ACCOUNT=true', async () => {
    const { databaseUrl, dataDir } = await place();
    // Emulated clusters described as COMPUTE_CONFIG, exactly as real ones are.
    const compute = await startEmbeddedCompute(0.02);
    cleanup.push(() => compute.close());
    const server = await startServer({
      DATABASE_URL: databaseUrl,
      DATA_DIR: dataDir,
      WEB_DIST: '/nonexistent',
      PORT: String(await freePort()),
      DEMO_ACCOUNT: 'true',
      COMPUTE_CONFIG: JSON.stringify(compute.config),
    });
    try {
      expect(server.output()).not.toContain('demo account');
      expect(await demoUsers(databaseUrl)).toBe(0);
    } finally {
      expect(await stop(server.child)).toBe(0);
    }
  });
});
