import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Emulator } from '../index.js';
import { api, cloneVm, start, waitTask } from '../../test/helpers.js';

describe('per-VM flock like lock_config', () => {
  let em: Emulator;
  beforeAll(async () => {
    // speed 0.1: flock wait 1 s, start 0.2 s, guest shutdown 1.2 s (a 200 ms margin either way).
    em = await start({ speed: 0.1 });
    await cloneVm(em, 600);
  });
  afterAll(() => em.close());

  it('waits for a short task holding the flock, then succeeds', async () => {
    const upid = (await api(em, 'POST', '/nodes/pve1/qemu/600/status/start')).body.data;
    const r = await api(em, 'PUT', '/nodes/pve1/qemu/600/config', { cores: 3 });
    expect(r.status).toBe(200);
    expect((await waitTask(em, upid)).exitstatus).toBe('OK');
  });

  it("fails with can't lock file … got timeout while a long shutdown holds it", async () => {
    const upid = (await api(em, 'POST', '/nodes/pve1/qemu/600/status/shutdown')).body.data;
    const r = await api(em, 'PUT', '/nodes/pve1/qemu/600/config', { cores: 4 });
    expect([r.status, r.statusText]).toEqual([
      500,
      "can't lock file '/var/lock/qemu-server/lock-600.conf' - got timeout",
    ]);
    expect((await waitTask(em, upid)).exitstatus).toBe('OK');
    // The earlier change waits in [PENDING] (cores are not hotpluggable); the refused one left no trace.
    expect((await api(em, 'GET', '/nodes/pve1/qemu/600/config')).body.data).toMatchObject({ cores: '3' });
  });
});
