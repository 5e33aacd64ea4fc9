import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CHAOS_FAULTS, type Emulator } from '../index.js';
import { api, start, waitTask } from '../../test/helpers.js';

describe('fault injection', () => {
  let em: Emulator;
  beforeAll(async () => {
    em = await start();
  });
  afterAll(() => em.close());

  it('lock-timeout answers 500 with the flock message, once by default', async () => {
    em.faults.add({ kind: 'lock-timeout', method: 'POST', path: /\/qemu\/9000\/clone$/ });
    const r = await api(em, 'POST', '/nodes/pve1/qemu/9000/clone', { newid: 150 });
    expect(r.status).toBe(500);
    expect(r.statusText).toBe("can't lock file '/var/lock/qemu-server/lock-9000.conf' - got timeout");
    expect(r.body).toEqual({
      data: null,
      message: "can't lock file '/var/lock/qemu-server/lock-9000.conf' - got timeout\n",
    });
    expect((await api(em, 'POST', '/nodes/pve1/qemu/9000/clone', { newid: 150 })).status).toBe(200);
  });

  it('http-500 and http-503 answer with a Proxmox-like body', async () => {
    em.faults.add({ kind: 'http-500', path: /^\/version$/, message: 'boom' });
    em.faults.add({ kind: 'http-503', path: /^\/nodes$/ });
    const a = await api(em, 'GET', '/version');
    expect([a.status, a.statusText, a.body]).toEqual([500, 'boom', { data: null, message: 'boom\n' }]);
    const b = await api(em, 'GET', '/nodes');
    expect(b.status).toBe(503);
    expect(b.body.data).toBeNull();
  });

  it('latency delays and drop destroys the socket', async () => {
    em.faults.add({ kind: 'latency', latencyMs: 150, path: /^\/version$/ });
    const t0 = Date.now();
    expect((await api(em, 'GET', '/version')).status).toBe(200);
    expect(Date.now() - t0).toBeGreaterThanOrEqual(140);
    em.faults.add({ kind: 'drop', path: /^\/version$/ });
    await expect(api(em, 'GET', '/version')).rejects.toThrow();
    expect((await api(em, 'GET', '/version')).status).toBe(200);
  });

  it('task-fail makes the next task end with an error exitstatus and log', async () => {
    em.faults.add({ kind: 'task-fail', path: /status\/start$/, message: 'start failed: QEMU exited with code 1' });
    const r = await api(em, 'POST', '/nodes/pve1/qemu/9001/clone', { newid: 151, full: 1 });
    await waitTask(em, r.body.data);
    const upid = String((await api(em, 'POST', '/nodes/pve1/qemu/151/status/start')).body.data);
    const st = await waitTask(em, upid);
    expect(st.exitstatus).toBe('start failed: QEMU exited with code 1');
    const log = (await api(em, 'GET', `/nodes/pve1/tasks/${encodeURIComponent(upid)}/log`)).body.data as {
      n: number;
      t: string;
    }[];
    expect(log.at(-1)?.t).toBe('TASK ERROR: start failed: QEMU exited with code 1');
    expect(em.vm(151)?.status).toBe('stopped');
  });

  it('times: Infinity keeps firing until clear()', async () => {
    em.faults.add({ kind: 'http-503', path: /^\/cluster\/nextid$/, times: Infinity });
    expect((await api(em, 'GET', '/cluster/nextid')).status).toBe(503);
    expect((await api(em, 'GET', '/cluster/nextid')).status).toBe(503);
    em.faults.clear();
    expect((await api(em, 'GET', '/cluster/nextid')).status).toBe(200);
  });

  it('removes one fault by the function add answered, leaving the others armed', async () => {
    const disarm = em.faults.add({ kind: 'http-503', path: /^\/cluster\/nextid$/, times: Infinity });
    em.faults.add({ kind: 'http-500', path: /^\/version$/, times: Infinity });
    expect((await api(em, 'GET', '/cluster/nextid')).status).toBe(503);
    disarm();
    expect((await api(em, 'GET', '/cluster/nextid')).status).toBe(200);
    expect((await api(em, 'GET', '/version')).status).toBe(500);
    em.faults.clear();
    expect((await api(em, 'GET', '/version')).status).toBe(200);
  });

  it('probability hits about that share of matching requests and lets the others through', async () => {
    em.faults.add({ kind: 'http-503', path: /^\/version$/, probability: 0.3, times: Infinity });
    const statuses = [];
    for (let i = 0; i < 200; i++) statuses.push((await api(em, 'GET', '/version')).status);
    em.faults.clear();
    const hit = statuses.filter((s) => s === 503).length;
    expect(hit).toBeGreaterThan(30);
    expect(hit).toBeLessThan(90);
    expect(statuses.filter((s) => s !== 503).every((s) => s === 200)).toBe(true);
    expect((await api(em, 'GET', '/version')).status).toBe(200);
  });

  it('task-slow makes the task it hits run longer, and starts the CHAOS_FAULTS rules armed', async () => {
    em.faults.add({ kind: 'task-slow', path: /status\/start$/, latencyMs: 300 });
    const r = await api(em, 'POST', '/nodes/pve1/qemu/9001/clone', { newid: 152, full: 1 });
    await waitTask(em, r.body.data);
    const upid = String((await api(em, 'POST', '/nodes/pve1/qemu/152/status/start')).body.data);
    const st = await waitTask(em, upid);
    expect(st.exitstatus).toBe('OK');
    const started = em.taskTimes().find((t) => t.vmid === 152 && t.type === 'qmstart');
    expect(started!.ms).toBeGreaterThanOrEqual(290);
    const chaos = await start({ faults: CHAOS_FAULTS, seed: 7 });
    try {
      const codes = new Set<number>();
      for (let i = 0; i < 100; i++) codes.add((await api(chaos, 'GET', '/version')).status);
      expect([...codes].sort()).toEqual([200, 500, 503]);
    } finally {
      await chaos.close();
    }
  });
});
