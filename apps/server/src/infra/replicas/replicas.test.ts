import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dropDatabase, freshDatabase, startHarness, type Harness } from '../../../test/harness.js';
import { freePort, serverOnce, startServer, stop } from '../../../test/processes.js';
import { loadConfig } from '../config/env.js';
import { startEmbeddedCompute, type EmbeddedCompute } from '../compute/embedded.js';
import { joinReplicas, ReplicaConflict } from './replicas.js';

// Attachments kept under DATA_DIR are seen only by the replicas that share that folder,
// so a second replica whose DATA_DIR/attachments the running one cannot see refuses to start, with a
// message that says what to do; replicas sharing the folder, or the same bucket, start.

const folder = () => mkdtempSync(path.join(tmpdir(), 'nimbus-replicas-'));
const S3 = {
  S3_ENDPOINT: 'http://127.0.0.1:9',
  S3_BUCKET: 'tickets',
  S3_ACCESS_KEY_ID: 'key',
  S3_SECRET_ACCESS_KEY: 'secret',
};

describe('server processes on one database', () => {
  let compute: EmbeddedCompute;
  let databaseUrl: string;
  const dirs: string[] = [];
  beforeAll(async () => {
    compute = await startEmbeddedCompute(0.05);
    databaseUrl = await freshDatabase();
    dirs.push(folder(), folder());
  });
  afterAll(async () => {
    await compute.close();
    await dropDatabase(databaseUrl);
    for (const d of dirs) rmSync(d, { recursive: true, force: true });
  });

  const env = (dataDir: string) => ({
    DATABASE_URL: databaseUrl,
    DATA_DIR: dataDir,
    WEB_DIST: '/nonexistent',
    DEMO_ACCOUNT: 'false',
    COMPUTE_CONFIG: JSON.stringify(compute.config),
  });

  it('refuses a second replica with attachments in a folder of its own, and starts one that shares it', async () => {
    const [shared, own] = dirs as [string, string];
    const first = await startServer({ ...env(shared), PORT: String(await freePort()) });
    try {
      const second = await serverOnce({ ...env(own), PORT: String(await freePort()) });
      expect(second.code).toBe(1);
      expect(second.stderr).toContain('Another replica is running on this database');
      expect(second.stderr).toContain('set S3_* (the same bucket on every');
      const sharing = await startServer({ ...env(shared), PORT: String(await freePort()) });
      expect(await stop(sharing.child)).toBe(0);
    } finally {
      expect(await stop(first.child)).toBe(0);
    }
    // Alone on the database, a replica with its own folder starts.
    const alone = await startServer({ ...env(own), PORT: String(await freePort()) });
    expect(await stop(alone.child)).toBe(0);
  }, 120_000);
});

describe('joining the replicas', () => {
  let h: Harness;
  const dirs: string[] = [];
  beforeAll(async () => {
    h = await startHarness();
  });
  afterAll(async () => {
    await h.close();
    for (const d of dirs) rmSync(d, { recursive: true, force: true });
  });
  const replicaOn = (env: Record<string, string>) => {
    const dataDir = folder();
    dirs.push(dataDir);
    return { ...h.ctx, config: loadConfig({ ...h.env, DATA_DIR: dataDir, ...env }) };
  };

  it('checks replicas starting together one at a time: one of two with folders of their own refuses', async () => {
    const started = await Promise.allSettled([joinReplicas(replicaOn({})), joinReplicas(replicaOn({}))]);
    expect(started.map((s) => s.status).sort()).toEqual(['fulfilled', 'rejected']);
    const refused = started.find((s) => s.status === 'rejected');
    expect(refused?.reason).toBeInstanceOf(ReplicaConflict);
    for (const s of started) if (s.status === 'fulfilled') await s.value.leave();
  });

  it('starts replicas on the same bucket, and refuses one on files or another bucket beside them', async () => {
    const a = await joinReplicas(replicaOn(S3));
    const b = await joinReplicas(replicaOn(S3));
    await expect(joinReplicas(replicaOn({}))).rejects.toThrow(/attachments in s3:http:\/\/127\.0\.0\.1:9\/tickets/);
    await expect(joinReplicas(replicaOn({ ...S3, S3_BUCKET: 'other' }))).rejects.toBeInstanceOf(ReplicaConflict);
    await a.leave();
    await b.leave();
  });

  it('no longer counts a replica whose heartbeat stopped (its process died)', async () => {
    const dead = await joinReplicas(replicaOn({}));
    await expect(joinReplicas(replicaOn({}))).rejects.toBeInstanceOf(ReplicaConflict);
    // What a minute without heartbeats looks like.
    await h.db.query("update replicas set seen_at = now() - interval '1 minute' where id = $1", [dead.id]);
    const next = await joinReplicas(replicaOn({}));
    expect((await h.db.query<{ id: string }>('select id from replicas')).rows).toEqual([{ id: next.id }]);
    await next.leave();
    await dead.leave();
  });
});
