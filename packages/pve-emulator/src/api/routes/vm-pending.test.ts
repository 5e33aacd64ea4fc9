import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Emulator } from '../../index.js';
import { api, cloneVm, start, waitTask } from '../../../test/helpers.js';

describe('pending changes on a running VM', () => {
  let em: Emulator;
  beforeAll(async () => {
    em = await start();
    await cloneVm(em, 130);
    await waitTask(em, (await api(em, 'POST', '/nodes/pve1/qemu/130/status/start')).body.data);
  });
  afterAll(() => em.close());

  it('applies tags and description at once, tags deduplicated, sorted and joined with ";"', async () => {
    const body = { tags: 'web,nimbus-0123456789abcdef web;alpha', description: 'line one\nline two' };
    await waitTask(em, (await api(em, 'POST', '/nodes/pve1/qemu/130/config', body)).body.data);
    expect(em.vm(130)?.config).toMatchObject({
      tags: 'alpha;nimbus-0123456789abcdef;web',
      description: 'line one\nline two',
    });
    const listed = (await api(em, 'GET', '/cluster/resources', { type: 'vm' })).body.data as Record<string, unknown>[];
    expect(listed.find((r) => r.vmid === 130)?.tags).toBe('alpha;nimbus-0123456789abcdef;web');
  });

  it('keeps cores/memory pending until reboot; name applies at once', async () => {
    await waitTask(
      em,
      (await api(em, 'POST', '/nodes/pve1/qemu/130/config', { cores: 4, memory: 4096, name: 'big' })).body.data,
    );
    expect(em.vm(130)?.config).toMatchObject({ cores: '2', memory: '2048', name: 'big' });
    expect((await api(em, 'GET', '/nodes/pve1/qemu/130/config')).body.data).toMatchObject({
      cores: '4',
      memory: '4096',
    });
    expect((await api(em, 'GET', '/nodes/pve1/qemu/130/config', { current: 1 })).body.data).toMatchObject({
      cores: '2',
    });
    const pending = (await api(em, 'GET', '/nodes/pve1/qemu/130/pending')).body.data as Record<string, unknown>[];
    expect(pending.find((p) => p.key === 'cores')).toEqual({ key: 'cores', value: '2', pending: '4' });
    expect((await api(em, 'GET', '/nodes/pve1/qemu/130/status/current')).body.data).toMatchObject({ cpus: 2 });
    await waitTask(em, (await api(em, 'POST', '/nodes/pve1/qemu/130/status/reboot')).body.data);
    expect(em.vm(130)?.config).toMatchObject({ cores: '4', memory: '4096' });
    expect((await api(em, 'GET', '/nodes/pve1/qemu/130/status/current')).body.data).toMatchObject({
      cpus: 4,
      maxmem: 4096 * 1024 ** 2,
    });
  });
});

describe('background_delay', () => {
  it('returns null from POST config when the task finishes within the delay', async () => {
    const em = await start();
    try {
      const quick = await api(em, 'POST', '/nodes/pve1/qemu/9001/config', { description: 'x', background_delay: 5 });
      expect(quick.body.data).toBeNull();
      const plain = await api(em, 'POST', '/nodes/pve1/qemu/9001/config', { description: 'y' });
      expect(plain.body.data).toMatch(/^UPID:pve1:.*:qmconfig:9001:/);
    } finally {
      await em.close();
    }
  });
});
