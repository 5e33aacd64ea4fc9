import type { Emulator } from '@nimbus/pve-emulator';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildIpConfig, buildNet, encodeSshKeys, isUpid, type ProxmoxClient } from '../src/index.js';
import { startTestEmulator, testClient } from './emulator-setup.js';

const NODE = 'pve1';
const KEYS = ['ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAI+/= alice@laptop', 'ssh-rsa AAAAB3Nza cardno:000611'];
let emu: Emulator;
let client: ProxmoxClient;
let vmid = 0;
let backupVolid: string | undefined;

beforeAll(async () => {
  emu = await startTestEmulator();
  client = testClient(emu);
});
afterAll(async () => {
  client.close();
  await emu.close();
});

describe.sequential('provisioning flow against the emulator', () => {
  it('reads version, nodes and a free VMID', async () => {
    expect((await client.cluster.version()).version).toMatch(/^8\./);
    const nodes = await client.cluster.nodes();
    expect(nodes.map((n) => n.node)).toEqual(['pve1', 'pve2']);
    expect((await client.cluster.nodeStatus(NODE)).memory.total).toBeGreaterThan(0);
    vmid = await client.cluster.nextId();
    expect(vmid).toBeGreaterThanOrEqual(100);
    expect(await client.cluster.isVmidFree(vmid)).toBe(true);
    expect(await client.cluster.isVmidFree(emu.templates[0]?.vmid ?? 9000)).toBe(false);
  });

  it('clones the Debian template and waits for the task and the lock', async () => {
    const tpl = emu.templates.find((t) => t.distribution === 'debian');
    let seenUpid = '';
    const r = await client.qemu.clone(
      NODE,
      tpl?.vmid ?? 9000,
      { newid: vmid, name: 'web-1', full: true, storage: 'ceph-vm' },
      { onUpid: (u) => (seenUpid = u) },
    );
    expect(r.exitstatus).toBe('OK');
    expect(isUpid(r.upid) && r.upid === seenUpid).toBe(true);
    expect((await client.qemu.waitUnlocked(NODE, vmid, { intervalMs: 20 })).lock).toBeUndefined();
    expect(emu.vm(vmid)?.node).toBe(NODE);
  });

  it('configures cloud-init, network and CPU (async POST config)', async () => {
    await client.qemu.updateConfig(NODE, vmid, {
      ciuser: 'admin',
      cipassword: 'S3cret-pass!',
      sshkeys: KEYS,
      ipconfig0: buildIpConfig({ ip: '203.0.113.10/24', gw: '203.0.113.1' }),
      nameserver: '1.1.1.1 9.9.9.9',
      ciupgrade: false,
      net0: buildNet({ model: 'virtio', bridge: 'vmbr0', firewall: true }),
      cores: 2,
      memory: '2048',
    });
    const cfg = await client.qemu.config(NODE, vmid);
    expect(cfg.values.sshkeys).toBe(encodeSshKeys(KEYS));
    expect(cfg.values.ipconfig0).toBe('ip=203.0.113.10/24,gw=203.0.113.1');
    expect(cfg.values.cores).toBe('2');
    expect(cfg.values.cipassword).not.toBe('S3cret-pass!');
    expect(cfg.digest).not.toBe('');
    await client.qemu.setConfig(NODE, vmid, { description: 'sync PUT', digest: cfg.digest });
    expect(emu.vm(vmid)?.config.description).toBe('sync PUT');
  });

  it('grows the disk and starts the VM', async () => {
    await client.qemu.resize(NODE, vmid, 'scsi0', '+5G');
    expect(emu.vm(vmid)?.config.scsi0).toMatch(/size=8G/);
    await client.qemu.power(NODE, vmid, 'start');
    const st = await client.qemu.status(NODE, vmid);
    expect(st).toMatchObject({ status: 'running', vmid, agent: true });
  });

  it('talks to the guest agent', async () => {
    const os = await client.agent.osInfo(NODE, vmid);
    expect(os.id).toBe('debian');
    const ifaces = await client.agent.interfaces(NODE, vmid);
    expect(ifaces.flatMap((i) => i.addresses.map((a) => a.address))).toContain('203.0.113.10');
    await client.agent.setUserPassword(NODE, vmid, 'admin', 'An0ther-pass!');
  });

  it('manages firewall rules and options', async () => {
    await client.firewall.createRule(NODE, vmid, {
      type: 'in',
      action: 'ACCEPT',
      proto: 'tcp',
      dport: '22',
      comment: 'ssh',
    });
    await client.firewall.createRule(NODE, vmid, { type: 'in', action: 'ACCEPT', proto: 'tcp', dport: '443' });
    let rules = await client.firewall.listRules(NODE, vmid);
    expect(rules.map((r) => r.dport)).toEqual(['443', '22']); // new rules go on top
    expect(rules.every((r) => r.enable)).toBe(true);
    await client.firewall.updateRule(NODE, vmid, 1, { comment: 'ssh only', digest: rules[0]?.digest });
    expect((await client.firewall.getRule(NODE, vmid, 1)).comment).toBe('ssh only');
    await client.firewall.deleteRule(NODE, vmid, 0);
    rules = await client.firewall.listRules(NODE, vmid);
    expect(rules.map((r) => r.dport)).toEqual(['22']);
    await client.firewall.setOptions(NODE, vmid, { enable: true, policy_in: 'DROP' });
    expect(await client.firewall.getOptions(NODE, vmid)).toMatchObject({ enable: true, policy_in: 'DROP' });
  });

  it('takes, lists, rolls back and deletes a snapshot', async () => {
    await client.snapshots.create(NODE, vmid, 'before_upgrade', { description: 'pre' });
    expect((await client.snapshots.list(NODE, vmid)).map((s) => s.name)).toEqual(['before_upgrade']);
    await client.snapshots.rollback(NODE, vmid, 'before_upgrade');
    await client.snapshots.delete(NODE, vmid, 'before_upgrade');
    expect(await client.snapshots.list(NODE, vmid)).toEqual([]);
  });

  it('backs up with vzdump and finds the archive in storage content', async () => {
    await client.backups.vzdump(NODE, vmid, { storage: 'backup', mode: 'snapshot' });
    const content = await client.backups.listContent(NODE, 'backup', { content: 'backup', vmid });
    expect(content).toHaveLength(1);
    backupVolid = content[0]?.volid;
    expect(backupVolid).toMatch(/^backup:/);
    const vol = await client.backups.getVolume(NODE, 'backup', backupVolid ?? '');
    expect(vol.size).toBeGreaterThan(0);
  });

  it('stops, restores over the VM and deletes the backup', async () => {
    await client.qemu.power(NODE, vmid, 'stop');
    expect((await client.qemu.status(NODE, vmid)).status).toBe('stopped');
    if (!backupVolid) throw new Error('the vzdump step left no backup to restore');
    await client.backups.restore(NODE, { vmid, archive: backupVolid ?? '', force: true, storage: 'ceph-vm' });
    expect(emu.vm(vmid)?.config.name).toBe('web-1');
    await client.backups.deleteVolume(NODE, 'backup', backupVolid);
    expect(await client.backups.listContent(NODE, 'backup', { vmid })).toEqual([]);
  });

  it('reads metrics and cluster resources', async () => {
    const res = await client.cluster.resources('vm');
    expect(res.find((r) => r.vmid === vmid)).toMatchObject({ type: 'qemu', node: NODE, template: false });
    expect(res.some((r) => r.template)).toBe(true);
    const rrd = await client.qemu.rrddata(NODE, vmid, 'hour');
    expect(rrd.length).toBeGreaterThan(0);
    expect(rrd.every((p) => typeof p.time === 'number')).toBe(true);
  });

  it('deletes the VM', async () => {
    await client.qemu.destroy(NODE, vmid, { purge: true, 'destroy-unreferenced-disks': true });
    expect(emu.vm(vmid)).toBeUndefined();
    await expect(client.qemu.status(NODE, vmid)).rejects.toMatchObject({ status: 500 });
  });
});
