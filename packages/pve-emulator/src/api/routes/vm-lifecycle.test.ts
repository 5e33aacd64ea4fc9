import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Emulator } from '../../index.js';
import { api, cloneVm, start, waitTask } from '../../../test/helpers.js';

describe('clone, config, resize, locks and delete', () => {
  let em: Emulator;
  beforeAll(async () => {
    // Tasks at a tenth of real time: a full clone holds its lock 600 ms, longer than the test's next
    // two requests take on a busy machine (at 0.01 it was 60 ms, and a loaded run could miss it).
    em = await start({ speed: 0.1 });
  });
  afterAll(() => em.close());

  it('clones a template to another node; the new VM is locked until the task ends', async () => {
    const r = await api(em, 'POST', '/nodes/pve1/qemu/9000/clone', {
      newid: 100,
      name: 'web-1',
      full: 1,
      target: 'pve2',
    });
    expect(r.body.data).toMatch(/^UPID:pve1:[0-9A-F]{8}:[0-9A-F]{8}:[0-9A-F]{8}:qmclone:9000:nimbus@pve!ci:$/);
    expect(em.vm(100)?.lock).toBe('clone');
    const locked = await api(em, 'GET', '/nodes/pve2/qemu/100/status/current');
    expect((locked.body.data as Record<string, unknown>).lock).toBe('clone');
    const busy = await api(em, 'POST', '/nodes/pve2/qemu/100/status/start');
    expect([busy.status, busy.statusText]).toEqual([500, 'VM is locked (clone)']);
    expect((await waitTask(em, r.body.data)).exitstatus).toBe('OK');
    const vm = em.vm(100);
    expect(vm).toMatchObject({ node: 'pve2', status: 'stopped', lock: undefined });
    expect(vm?.config).toMatchObject({ name: 'web-1', agent: '1', ostype: 'l26' });
    expect(vm?.config.scsi0).toMatch(/^ceph-vm:vm-100-disk-0,.*size=3G/);
    expect(vm?.config.template).toBeUndefined();
  });

  it('refuses a taken VMID and storage on linked clones', async () => {
    const taken = await api(em, 'POST', '/nodes/pve1/qemu/9000/clone', { newid: 100 });
    expect([taken.status, taken.statusText]).toEqual([500, 'unable to create VM 100: config file already exists']);
    const linked = await api(em, 'POST', '/nodes/pve1/qemu/9000/clone', { newid: 101, full: 0, storage: 'ceph-vm' });
    expect(linked.status).toBe(400);
    expect(linked.body.errors?.storage).toBe("parameter 'storage' not allowed for linked clones");
  });

  it('sets cloud-init config; GET masks the password and keeps sshkeys encoded', async () => {
    const sshkeys = encodeURIComponent('ssh-ed25519 AAAAC3Nza test@host\n');
    const r = await api(em, 'POST', '/nodes/pve2/qemu/100/config', {
      ciuser: 'admin',
      cipassword: 's3cret!',
      sshkeys,
      ipconfig0: 'ip=203.0.113.10/24,gw=203.0.113.1',
      nameserver: '1.1.1.1',
      searchdomain: 'example.com',
      cores: 4,
      memory: 4096,
      onboot: 1,
      tags: 'web;prod',
      description: 'customer vm',
      net0: 'virtio,bridge=vmbr0,firewall=1',
    });
    expect((await waitTask(em, r.body.data)).exitstatus).toBe('OK');
    const cfg = (await api(em, 'GET', '/nodes/pve2/qemu/100/config')).body.data as Record<string, string>;
    expect(cfg).toMatchObject({
      ciuser: 'admin',
      cipassword: '**********',
      sshkeys,
      cores: '4',
      memory: '4096',
      onboot: '1',
    });
    expect(cfg.net0).toMatch(/^virtio=[0-9A-F:]{17},bridge=vmbr0,firewall=1$/);
    expect(cfg.digest).toMatch(/^[0-9a-f]{40}$/);
    const bad = await api(em, 'PUT', '/nodes/pve2/qemu/100/config', { sshkeys: 'ssh-ed25519 AAAA x' });
    expect(bad.body.errors?.sshkeys).toMatch(/^invalid format - invalid urlencoded string/);
    const stale = await api(em, 'PUT', '/nodes/pve2/qemu/100/config', { cores: 2, digest: '0'.repeat(40) });
    expect(stale.statusText).toBe('detected modified configuration - file changed by other user? Try again.');
    await api(em, 'PUT', '/nodes/pve2/qemu/100/config', { delete: 'description', digest: cfg.digest ?? '' });
    expect(em.vm(100)?.config.description).toBeUndefined();
  });

  it('grows disks (relative and absolute) and never shrinks', async () => {
    const grow = await api(em, 'PUT', '/nodes/pve2/qemu/100/resize', { disk: 'scsi0', size: '+10G' });
    await waitTask(em, grow.body.data);
    expect(em.vm(100)?.config.scsi0).toMatch(/size=13G/);
    await waitTask(em, (await api(em, 'PUT', '/nodes/pve2/qemu/100/resize', { disk: 'scsi0', size: '20G' })).body.data);
    expect(em.vm(100)?.config.scsi0).toMatch(/size=20G/);
    const shrink = await api(em, 'PUT', '/nodes/pve2/qemu/100/resize', { disk: 'scsi0', size: '5G' });
    expect([shrink.status, shrink.statusText]).toEqual([500, 'shrinking disks is not supported']);
  });

  it('runs the power state machine with Proxmox errors', async () => {
    const path = '/nodes/pve2/qemu/100/status';
    expect((await api(em, 'POST', `${path}/suspend`)).statusText).toBe('VM 100 not running');
    expect((await waitTask(em, (await api(em, 'POST', `${path}/start`)).body.data)).exitstatus).toBe('OK');
    expect(em.vm(100)?.status).toBe('running');
    const again = await waitTask(em, (await api(em, 'POST', `${path}/start`)).body.data);
    expect(again.exitstatus).toBe('VM 100 already running');
    await waitTask(em, (await api(em, 'POST', `${path}/suspend`)).body.data);
    expect((await api(em, 'GET', `${path}/current`)).body.data).toMatchObject({
      status: 'running',
      qmpstatus: 'paused',
    });
    await waitTask(em, (await api(em, 'POST', `${path}/resume`)).body.data);
    await waitTask(em, (await api(em, 'POST', `${path}/reboot`)).body.data);
    await waitTask(em, (await api(em, 'POST', `${path}/reset`)).body.data);
    const running = await api(em, 'DELETE', '/nodes/pve2/qemu/100');
    expect(running.statusText).toBe('VM 100 is running - destroy failed');
    await waitTask(em, (await api(em, 'POST', `${path}/shutdown`)).body.data);
    expect(em.vm(100)?.status).toBe('stopped');
    const log = await api(
      em,
      'GET',
      `/nodes/pve2/tasks/${encodeURIComponent(String((await api(em, 'POST', `${path}/shutdown`)).body.data))}/log`,
    );
    expect(log.body.data).toEqual(expect.any(Array));
  });

  it('destroys a stopped VM; its config is then gone', async () => {
    await cloneVm(em, 110);
    const del = await api(em, 'DELETE', '/nodes/pve1/qemu/110', { purge: 1, 'destroy-unreferenced-disks': 1 });
    expect((await waitTask(em, del.body.data)).exitstatus).toBe('OK');
    const gone = await api(em, 'GET', '/nodes/pve1/qemu/110/status/current');
    expect([gone.status, gone.statusText]).toEqual([
      500,
      "Configuration file 'nodes/pve1/qemu-server/110.conf' does not exist",
    ]);
  });

  it('lists and stops tasks', async () => {
    const list = (await api(em, 'GET', '/nodes/pve2/tasks', { vmid: 100 })).body.data as Record<string, unknown>[];
    expect(list.length).toBeGreaterThan(3);
    expect(list[0]).toMatchObject({ node: 'pve2', id: '100' });
    const upid = String((await api(em, 'POST', '/nodes/pve1/qemu/9001/clone', { newid: 120, full: 1 })).body.data);
    await api(em, 'DELETE', `/nodes/pve1/tasks/${encodeURIComponent(upid)}`);
    expect((await waitTask(em, upid)).exitstatus).toBe('interrupted by signal');
  });
});
