import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Emulator } from '../index.js';
import { api, cloneVm, start, waitTask } from '../../test/helpers.js';

describe('schema 8 vs 9', () => {
  let v8: Emulator;
  let v9: Emulator;
  beforeAll(async () => {
    [v8, v9] = await Promise.all([start({ schema: 8 }), start({ schema: 9 })]);
  });
  afterAll(() => Promise.all([v8.close(), v9.close()]));

  it('reports the matching release', async () => {
    expect((await api(v8, 'GET', '/version')).body.data).toMatchObject({ release: '8.4' });
    expect((await api(v9, 'GET', '/version')).body.data).toMatchObject({ release: '9.1' });
  });

  it('validates parameters added or removed between releases', async () => {
    const ksm8 = await api(v8, 'PUT', '/nodes/pve1/qemu/9000/config', { 'allow-ksm': 1 });
    expect(ksm8.body.errors?.['allow-ksm']).toBe(
      'property is not defined in schema and the schema does not allow additional properties',
    );
    expect((await api(v9, 'PUT', '/nodes/pve1/qemu/9000/config', { 'allow-ksm': 1 })).status).toBe(200);
    const notify9 = await api(v9, 'POST', '/nodes/pve1/vzdump', { vmid: '9000', 'notification-policy': 'never' });
    expect(notify9.status).toBe(400);
  });

  it('returns PVE 9 rrd fields (memhost, pressure*) with its own resolution', async () => {
    await cloneVm(v9, 100);
    await waitTask(v9, (await api(v9, 'POST', '/nodes/pve1/qemu/100/status/start')).body.data);
    const pts = (await api(v9, 'GET', '/nodes/pve1/qemu/100/rrddata', { timeframe: 'hour' })).body.data as Record<
      string,
      number
    >[];
    expect(pts).toHaveLength(60);
    expect(pts[0]).toHaveProperty('memhost');
    expect(pts[0]).toHaveProperty('pressurecpusome');
  });

  it('gives a failed clone no leftover VM and a clone its own identity', async () => {
    v9.faults.add({ kind: 'task-fail', path: /clone$/, message: 'clone failed: storage timeout' });
    const failed = await api(v9, 'POST', '/nodes/pve1/qemu/9000/clone', { newid: 101, full: 1 });
    expect((await waitTask(v9, failed.body.data)).exitstatus).toBe('clone failed: storage timeout');
    expect(v9.vm(101)).toBeUndefined();
    expect(v9.vm(100)?.config.smbios1).not.toBe(v9.vm(9000)?.config.smbios1);
    const unknownNode = await api(v9, 'GET', '/nodes/pve9/status');
    expect(unknownNode.statusText).toMatch(/^hostname lookup 'pve9' failed/);
  });
});
