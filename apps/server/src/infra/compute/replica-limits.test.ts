import type { DeployResult } from '@nimbus/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, signUp } from '../../../test/api.js';
import { deployBody, pick, topUp, waitTask } from '../../../test/deploy-helpers.js';
import { startHarness, startReplica, type Harness, type Replica } from '../../../test/harness.js';
import { ProxmoxSlots } from './slots.js';

// The Proxmox concurrency limits (task-creating calls per node and per storage of a
// cluster) are kept in PostgreSQL, so two replicas on one database share them instead of each
// allowing the whole limit. Real deploys through both replicas' HTTP APIs and task workers, against
// one emulated cluster; the emulator's own record of its tasks says how many clones ran at once.

let h: Harness;
let replica: Replica;
beforeAll(async () => {
  // Four task workers each: eight deploys run at once, four on each replica.
  h = await startHarness({ AUTH_RATE_LIMIT_SCALE: '50', WORKER_CONCURRENCY: '4' }, { compute: { speed: 0.2 } });
  replica = await startReplica(h);
}, 60_000);
afterAll(async () => {
  await replica?.close();
  await h?.close();
});

/** The most spans that were open at one moment (a span ending as another starts does not overlap it). */
function mostAtOnce(spans: { startedMs: number; endedMs: number }[]): number {
  const edges = spans
    .flatMap((s) => [
      [s.startedMs, 1],
      [s.endedMs, -1],
    ])
    .sort((a, b) => a[0]! - b[0]! || a[1]! - b[1]!);
  let open = 0;
  let most = 0;
  for (const [, step] of edges) {
    open += step!;
    most = Math.max(most, open);
  }
  return most;
}

describe('Proxmox concurrency across replicas', () => {
  it('never runs more clones on a storage at once than its limit, whichever replica asks', async () => {
    const perStorage = h.ctx.compute!.region('hk')!.clusters[0]!.config.limits.perStorage;
    expect(perStorage).toBe(2);
    const u = await signUp(h);
    await topUp(h, u.userId, 100_000);
    const { product, templates } = await pick(h, u.ssid, 'Hong Kong', 'Standard', '1 vCPU · 1 GB');
    const servers = [h, { ...h, app: replica.app }];
    const deploys = await Promise.all(
      Array.from({ length: 8 }, async (_, i) => {
        const via = servers[i % 2]!;
        const r = await call<DeployResult>(via, 'POST', '/api/deploy', {
          ssid: u.ssid,
          body: deployBody(product.Id, templates[0]!.Id, { Hostnames: [`limit-${i}`] }),
        });
        expect(r.status, JSON.stringify(r.body)).toBe(200);
        return { via, d: r.body.data };
      }),
    );
    for (const { via, d } of deploys) expect(await waitTask(via, u.ssid, d, 90_000)).toEqual({ Status: 2, Step: 4 });
    const clones = h.emulators
      .get('hk')!
      .taskTimes()
      .filter((t) => t.type === 'qmclone');
    expect(clones).toHaveLength(8);
    // Each replica alone allows two at once; two replicas counting apart would run up to four.
    expect(mostAtOnce(clones)).toBe(perStorage);
  }, 180_000);
});

describe('a replica that dies', () => {
  it('frees its slots with its database session, and a waiting replica goes on', async () => {
    const a = new ProxmoxSlots(h.databaseUrl, h.ctx.log);
    const b = new ProxmoxSlots(h.databaseUrl, h.ctx.log);
    try {
      let release!: () => void;
      const held = new Promise<void>((resolve) => (release = resolve));
      let started!: () => void;
      const running = new Promise<void>((resolve) => (started = resolve));
      const first = a.limiter('test/one', { storage: 1 }).run(['storage:disk'], async () => {
        started();
        await held;
        return 'a';
      });
      await running;
      let secondRan = false;
      const second = b.limiter('test/one', { storage: 1 }).run(['storage:disk'], async () => {
        secondRan = true;
        return 'b';
      });
      // The holder's process is gone: PostgreSQL ends its session, which held the slot.
      const { rows } = await h.db.query<{ pid: number }>(
        `select pid from pg_locks, hashtextextended($1, 0) as k
         where locktype = 'advisory' and granted and objsubid = 1
           and classid::bigint = (k >> 32) & 4294967295 and objid::bigint = k & 4294967295`,
        ['proxmox-slot:test/one|storage:disk#0'],
      );
      expect(rows).toHaveLength(1);
      expect(secondRan).toBe(false);
      await h.db.query('select pg_terminate_backend($1)', [rows[0]!.pid]);
      expect(await second).toBe('b');
      release();
      expect(await first).toBe('a');
    } finally {
      await a.close();
      await b.close();
    }
  });
});
