import { startEmulator, type Emulator } from '@nimbus/pve-emulator';
import { ProxmoxClient } from '@nimbus/proxmox';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { StatusCache } from './status-cache.js';

let emulator: Emulator;
let client: ProxmoxClient;
beforeAll(async () => {
  emulator = await startEmulator({ tokens: ['t@pve!cache=secret'] });
  client = new ProxmoxClient({ baseUrl: emulator.url, token: { tokenId: 't@pve!cache', secret: 'secret' } });
});
afterAll(async () => {
  client.close();
  await emulator.close();
});

const calls = () => emulator.requestCount('GET /cluster/resources');
const until = async (check: () => boolean) => {
  while (!check()) await new Promise((r) => setTimeout(r, 20));
};

describe('StatusCache against an emulated cluster', () => {
  it('shares one request among concurrent first readers, polls while read, and stops when nobody reads', async () => {
    const cache = new StatusCache({
      fetch: () => client.cluster.resources('vm'),
      intervalMs: 100,
      idleMs: 300,
      maxAgeMs: 1_000,
    });
    try {
      const before = calls();
      const snaps = await Promise.all(Array.from({ length: 50 }, () => cache.read('pve')));
      expect(calls() - before).toBe(1);
      expect(new Set(snaps).size).toBe(1);
      // Templates are not instances: the snapshot holds none of them.
      expect(snaps[0]!.vms.size).toBe(0);

      // Read for a while: it keeps polling, at most once per interval.
      const started = Date.now();
      const polling = calls();
      while (Date.now() - started < 600) {
        await cache.read('pve');
        await new Promise((r) => setTimeout(r, 10));
      }
      const polled = calls() - polling;
      expect(polled).toBeGreaterThanOrEqual(3);
      expect(polled).toBeLessThanOrEqual(Math.ceil((Date.now() - started) / 100) + 1);

      // Nobody reads: polling stops and the cluster is forgotten.
      await until(() => cache.watched().length === 0);
      const idle = calls();
      await new Promise((r) => setTimeout(r, 400));
      expect(calls()).toBe(idle);
    } finally {
      cache.close();
    }
  });

  it('lets a failed request fail its readers and asks again on the next read', async () => {
    let fail = true;
    const cache = new StatusCache({
      fetch: () => (fail ? Promise.reject(new Error('down')) : client.cluster.resources('vm')),
      intervalMs: 50,
      idleMs: 200,
      maxAgeMs: 500,
    });
    try {
      await expect(cache.read('pve')).rejects.toThrow('down');
      fail = false;
      const snap = await cache.read('pve');
      expect(snap.time).toBeLessThanOrEqual(Date.now());
    } finally {
      cache.close();
    }
  });
});
