import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Emulator } from '../../index.js';
import { api, cloneVm, start, waitTask } from '../../../test/helpers.js';

describe('snapshots, backups and restore', () => {
  let em: Emulator;
  beforeAll(async () => {
    em = await start();
    await cloneVm(em, 200);
  });
  afterAll(() => em.close());
  const vmPath = '/nodes/pve1/qemu/200';

  it('snapshots a running VM and lists the "current" pseudo-entry', async () => {
    await waitTask(em, (await api(em, 'POST', `${vmPath}/status/start`)).body.data);
    const upid = (
      await api(em, 'POST', `${vmPath}/snapshot`, { snapname: 'before', description: 'pre-upgrade', vmstate: 1 })
    ).body.data;
    expect(em.vm(200)?.lock).toBe('snapshot');
    const collide = await api(em, 'POST', `${vmPath}/config`, { cores: 8 });
    expect([collide.status, collide.statusText]).toEqual([500, 'VM is locked (snapshot)']);
    expect((await waitTask(em, upid)).exitstatus).toBe('OK');
    const list = (await api(em, 'GET', `${vmPath}/snapshot`)).body.data as Record<string, unknown>[];
    expect(list).toEqual([
      expect.objectContaining({ name: 'before', description: 'pre-upgrade', vmstate: 1, snaptime: expect.any(Number) }),
      expect.objectContaining({ name: 'current', parent: 'before', running: 1 }),
    ]);
    const dup = await api(em, 'POST', `${vmPath}/snapshot`, { snapname: 'before' });
    expect(dup.statusText).toBe("snapshot name 'before' already used");
  });

  it('rolls back the config and deletes snapshots', async () => {
    await waitTask(em, (await api(em, 'POST', `${vmPath}/status/stop`)).body.data);
    await api(em, 'PUT', `${vmPath}/config`, { cores: 8 });
    await waitTask(em, (await api(em, 'POST', `${vmPath}/snapshot`, { snapname: 'plain' })).body.data);
    const rb = await api(em, 'POST', `${vmPath}/snapshot/before/rollback`);
    expect(em.vm(200)?.lock).toBe('rollback');
    expect((await waitTask(em, rb.body.data)).exitstatus).toBe('OK');
    // "before" saved RAM of a running VM, so the rollback resumes it running with the old config.
    expect(em.vm(200)).toMatchObject({ status: 'running', lock: undefined });
    expect(em.vm(200)?.config.cores).toBe('2');
    await waitTask(em, (await api(em, 'DELETE', `${vmPath}/snapshot/plain`)).body.data);
    expect(em.vm(200)?.snapshots).toEqual(['before']);
    const missing = await api(em, 'DELETE', `${vmPath}/snapshot/nope`);
    expect(missing.statusText).toBe("snapshot 'nope' does not exist");
  });

  it('backs up to the backup storage, lists, restores over the VM and deletes the archive', async () => {
    await waitTask(em, (await api(em, 'POST', `${vmPath}/status/stop`)).body.data);
    const dump = await api(em, 'POST', '/nodes/pve1/vzdump', {
      vmid: '200',
      storage: 'backup',
      mode: 'snapshot',
      compress: 'zstd',
    });
    expect(em.vm(200)?.lock).toBe('backup');
    expect((await waitTask(em, dump.body.data)).exitstatus).toBe('OK');
    const content = (await api(em, 'GET', '/nodes/pve1/storage/backup/content', { content: 'backup', vmid: 200 })).body
      .data as Record<string, unknown>[];
    expect(content).toHaveLength(1);
    const volid = String(content[0]?.volid);
    expect(volid).toMatch(/^backup:backup\/vzdump-qemu-200-\d{4}_\d{2}_\d{2}-\d{2}_\d{2}_\d{2}\.vma\.zst$/);
    expect(content[0]).toMatchObject({
      format: 'vma.zst',
      vmid: 200,
      size: expect.any(Number),
      ctime: expect.any(Number),
    });
    const info = await api(em, 'GET', `/nodes/pve1/storage/backup/content/${encodeURIComponent(volid)}`);
    expect(info.body.data).toMatchObject({ format: 'vma.zst' });

    await api(em, 'PUT', `${vmPath}/config`, { cores: 6 });
    const exists = await api(em, 'POST', '/nodes/pve1/qemu', { vmid: 200, archive: volid });
    expect(exists.statusText).toBe("unable to restore VM 200 - VM 200 already exists on node 'pve1'");
    const restore = await api(em, 'POST', '/nodes/pve1/qemu', { vmid: 200, archive: volid, force: 1 });
    expect((await waitTask(em, restore.body.data)).exitstatus).toBe('OK');
    expect(em.vm(200)?.config.cores).toBe('2');
    const fresh = await api(em, 'POST', '/nodes/pve2/qemu', { vmid: 201, archive: volid });
    await waitTask(em, fresh.body.data);
    expect(em.vm(201)?.config.scsi0).toMatch(/vm-201-disk-0/);

    const del = await api(em, 'DELETE', `/nodes/pve1/storage/backup/content/${encodeURIComponent(volid)}`);
    expect((await waitTask(em, del.body.data)).exitstatus).toBe('OK');
    expect((await api(em, 'GET', '/nodes/pve1/storage/backup/content')).body.data).toEqual([]);
  });
});

describe('firewall', () => {
  let em: Emulator;
  beforeAll(async () => {
    em = await start();
    await cloneVm(em, 300);
  });
  afterAll(() => em.close());
  const fw = '/nodes/pve1/qemu/300/firewall';

  it('creates rules at the top, updates, moves and deletes them by position', async () => {
    await api(em, 'POST', `${fw}/rules`, { type: 'in', action: 'ACCEPT', proto: 'tcp', dport: '22', enable: 1 });
    await api(em, 'POST', `${fw}/rules`, {
      type: 'in',
      action: 'ACCEPT',
      proto: 'tcp',
      dport: '443',
      enable: 1,
      comment: 'https',
    });
    await api(em, 'POST', `${fw}/rules`, { type: 'out', action: 'DROP', pos: 2 });
    let rules = (await api(em, 'GET', `${fw}/rules`)).body.data as Record<string, unknown>[];
    expect(rules.map((r) => [r.pos, r.dport ?? r.type])).toEqual([
      [0, '443'],
      [1, '22'],
      [2, 'out'],
    ]);
    expect(rules[2]).toMatchObject({ enable: 0 });
    const digest = String(rules[0]?.digest);
    await api(em, 'PUT', `${fw}/rules/0`, { moveto: 2, digest });
    rules = (await api(em, 'GET', `${fw}/rules`)).body.data as Record<string, unknown>[];
    expect(rules.map((r) => r.dport ?? r.type)).toEqual(['22', '443', 'out']);
    const stale = await api(em, 'PUT', `${fw}/rules/0`, { comment: 'x', digest });
    expect(stale.statusText).toBe('detected modified configuration - file changed by other user? Try again.');
    await api(em, 'PUT', `${fw}/rules/1`, { comment: 'web', delete: 'proto' });
    expect((await api(em, 'GET', `${fw}/rules/1`)).body.data).toMatchObject({ pos: 1, comment: 'web', dport: '443' });
    await api(em, 'DELETE', `${fw}/rules/2`);
    expect(((await api(em, 'GET', `${fw}/rules`)).body.data as unknown[]).length).toBe(2);
    const none = await api(em, 'GET', `${fw}/rules/9`);
    expect([none.status, none.body.errors?.pos]).toEqual([400, 'no rule at position 9']);
  });

  it('reads and writes options; manages ipsets', async () => {
    await api(em, 'PUT', `${fw}/options`, { enable: 1, policy_in: 'DROP', ipfilter: 1 });
    expect((await api(em, 'GET', `${fw}/options`)).body.data).toMatchObject({
      enable: 1,
      policy_in: 'DROP',
      ipfilter: 1,
    });
    await api(em, 'POST', `${fw}/ipset`, { name: 'ipfilter-net0' });
    await api(em, 'POST', `${fw}/ipset/ipfilter-net0`, { cidr: '203.0.113.10' });
    expect((await api(em, 'GET', `${fw}/ipset/ipfilter-net0`)).body.data).toEqual([
      expect.objectContaining({ cidr: '203.0.113.10' }),
    ]);
  });
});
