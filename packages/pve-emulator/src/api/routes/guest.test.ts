import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Emulator } from '../../index.js';
import { api, cloneVm, start, waitTask } from '../../../test/helpers.js';

describe('metrics, guest agent and cluster views', () => {
  let em: Emulator;
  beforeAll(async () => {
    em = await start({ seed: 7 });
    await cloneVm(em, 400);
    await api(em, 'PUT', '/nodes/pve1/qemu/400/config', {
      ciuser: 'admin',
      cipassword: 'first-pass',
      ipconfig0: 'ip=203.0.113.10/24,gw=203.0.113.1',
    });
    await waitTask(em, (await api(em, 'POST', '/nodes/pve1/qemu/400/status/start')).body.data);
  });
  afterAll(() => em.close());

  it.each(
    ['hour', 'day', 'week', 'month', 'year'].flatMap((tf) => [
      [tf, 'AVERAGE'],
      [tf, 'MAX'],
    ]),
  )('rrddata %s %s is deterministic and plausible', async (timeframe, cf) => {
    const a = (await api(em, 'GET', '/nodes/pve1/qemu/400/rrddata', { timeframe, cf })).body.data as Record<
      string,
      number
    >[];
    const b = (await api(em, 'GET', '/nodes/pve1/qemu/400/rrddata', { timeframe, cf })).body.data;
    expect(a).toEqual(b);
    expect(a).toHaveLength(70);
    for (const p of a) {
      expect(Object.keys(p).sort()).toEqual(
        [
          'cpu',
          'disk',
          'diskread',
          'diskwrite',
          'maxcpu',
          'maxdisk',
          'maxmem',
          'mem',
          'netin',
          'netout',
          'time',
        ].sort(),
      );
      expect(p.cpu).toBeGreaterThanOrEqual(0);
      expect(p.cpu).toBeLessThanOrEqual(1);
      expect(p.mem).toBeLessThanOrEqual(p.maxmem ?? 0);
    }
    const step = (a[1]?.time ?? 0) - (a[0]?.time ?? 0);
    expect(step).toBe({ hour: 60, day: 1800, week: 10800, month: 43200, year: 604800 }[timeframe]);
  });

  it('omits rrd values for a VM that never ran', async () => {
    const pts = (await api(em, 'GET', '/nodes/pve1/qemu/9000/rrddata', { timeframe: 'hour' })).body.data as object[];
    expect(pts.every((p) => Object.keys(p).join() === 'time')).toBe(true);
  });

  it('answers agent osinfo and interfaces from the template and config', async () => {
    const os = (await api(em, 'GET', '/nodes/pve1/qemu/400/agent/get-osinfo')).body.data as {
      result: Record<string, string>;
    };
    expect(os.result).toMatchObject({
      id: 'debian',
      'pretty-name': 'Debian GNU/Linux 12 (bookworm)',
      'version-id': '12',
    });
    const ifs = (await api(em, 'GET', '/nodes/pve1/qemu/400/agent/network-get-interfaces')).body.data as {
      result: Record<string, unknown>[];
    };
    expect(ifs.result.map((i) => i.name)).toEqual(['lo', 'eth0']);
    const mac = /virtio=([0-9A-F:]+)/.exec(em.vm(400)?.config.net0 ?? '')?.[1]?.toLowerCase();
    expect(ifs.result[1]).toMatchObject({ 'hardware-address': mac });
    expect(ifs.result[1]?.['ip-addresses']).toContainEqual({
      'ip-address-type': 'ipv4',
      'ip-address': '203.0.113.10',
      prefix: 24,
    });
    const ok = await api(em, 'POST', '/nodes/pve1/qemu/400/agent/set-user-password', {
      username: 'admin',
      password: 'second-pass',
    });
    expect(ok.body.data).toEqual({ result: {} });
    const short = await api(em, 'POST', '/nodes/pve1/qemu/400/agent/set-user-password', {
      username: 'admin',
      password: 'abc',
    });
    expect(short.body.errors?.password).toBe('value must be at least 5 characters long');
  });

  it('fails agent calls on stopped VMs or without an agent like Proxmox', async () => {
    const stopped = await api(em, 'GET', '/nodes/pve1/qemu/9001/agent/get-osinfo');
    expect([stopped.status, stopped.statusText]).toEqual([500, 'VM 9001 is not running']);
    // agent is not hotpluggable: the change waits for the next boot.
    await api(em, 'PUT', '/nodes/pve1/qemu/400/config', { agent: '0' });
    expect((await api(em, 'POST', '/nodes/pve1/qemu/400/agent/ping')).status).toBe(200);
    await waitTask(em, (await api(em, 'POST', '/nodes/pve1/qemu/400/status/reboot')).body.data);
    const off = await api(em, 'POST', '/nodes/pve1/qemu/400/agent/ping');
    expect(off.statusText).toBe('No QEMU guest agent configured');
    await api(em, 'PUT', '/nodes/pve1/qemu/400/config', { agent: 'enabled=1' });
    await waitTask(em, (await api(em, 'POST', '/nodes/pve1/qemu/400/status/reboot')).body.data);
    expect((await api(em, 'POST', '/nodes/pve1/qemu/400/agent/ping')).status).toBe(200);
  });

  it('reports live status and cluster resources', async () => {
    const cur = (await api(em, 'GET', '/nodes/pve1/qemu/400/status/current')).body.data as Record<string, number>;
    expect(cur).toMatchObject({ status: 'running', vmid: 400, cpus: 2, maxmem: 2048 * 1024 ** 2 });
    expect(cur.cpu).toBeGreaterThanOrEqual(0.02);
    expect(cur.mem).toBeLessThan(cur.maxmem ?? 0);
    const vms = (await api(em, 'GET', '/cluster/resources', { type: 'vm' })).body.data as Record<string, unknown>[];
    expect(vms.find((v) => v.vmid === 9004)).toMatchObject({
      template: 1,
      status: 'stopped',
      cpu: 0,
      node: 'pve1',
      name: 'windows-server-2022',
    });
    expect(vms.find((v) => v.vmid === 400)).toMatchObject({ type: 'qemu', status: 'running', id: 'qemu/400' });
    const nodes = (await api(em, 'GET', '/cluster/resources', { type: 'node' })).body.data as Record<string, unknown>[];
    expect(nodes.map((n) => n.node)).toEqual(['pve1', 'pve2']);
    const storage = (await api(em, 'GET', '/cluster/resources', { type: 'storage' })).body.data as Record<
      string,
      unknown
    >[];
    expect(storage.filter((s) => s.node === 'pve1').map((s) => s.storage)).toEqual(['ceph-vm', 'backup', 'local']);
    expect((await api(em, 'GET', '/nodes')).body.data).toHaveLength(2);
    expect((await api(em, 'GET', '/nodes/pve2/status')).body.data).toMatchObject({ cpuinfo: expect.any(Object) });
  });

  it('hands out the next free VMID as a string and checks a requested one', async () => {
    expect((await api(em, 'GET', '/cluster/nextid')).body.data).toBe('100');
    expect((await api(em, 'GET', '/cluster/nextid', { vmid: 555 })).body.data).toBe('555');
    const taken = await api(em, 'GET', '/cluster/nextid', { vmid: 400 });
    expect([taken.status, taken.body.errors]).toEqual([400, { vmid: 'VM 400 already exists' }]);
  });

  it('reports the templates', () => {
    expect(em.templates.map((t) => [t.vmid, t.distribution, t.ostype])).toEqual([
      [9000, 'debian', 'l26'],
      [9001, 'ubuntu', 'l26'],
      [9002, 'rocky', 'l26'],
      [9003, 'almalinux', 'l26'],
      [9004, 'windows', 'win11'],
    ]);
    expect(em.vm(9004)?.config.ide2).toBeUndefined();
    expect(em.vm(9000)?.config).toMatchObject({
      template: '1',
      agent: '1',
      ide2: expect.stringContaining('cloudinit'),
    });
  });
});
