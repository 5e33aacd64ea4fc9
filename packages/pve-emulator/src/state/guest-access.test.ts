import { describe, expect, it } from 'vitest';
import { Cluster } from './cluster.js';
import { applyConfig } from './config-ops.js';
import { guestAccess } from './guest-access.js';
import { bootVm, haltVm } from './power.js';
import { DEFAULT_OS } from './templates.js';

function cluster(): Cluster {
  return new Cluster({
    name: 'pve',
    nodes: ['pve1'],
    storage: 'ceph-vm',
    backupStorage: 'backup',
    bridge: 'vmbr0',
    seed: 1,
    speed: 0,
    schema: 8,
  });
}

describe('GuestAccess from VM state', () => {
  it('accepts the cloud-init user and password once the VM booted with them', () => {
    const c = cluster();
    const vm = c.newVm(100, 'pve1', { name: 'web-1', ostype: 'l26' }, DEFAULT_OS);
    c.vms.set(100, vm);
    applyConfig(c, vm, { ciuser: 'admin', cipassword: 'pw-one' });
    expect(vm.config.cipassword).toMatch(/^\$5\$/);
    const guest = guestAccess(c, 100);
    expect(guest.hostname()).toBe('web-1');
    expect(guest.osPrettyName()).toBe('Debian GNU/Linux 12 (bookworm)');
    expect(guest.running()).toBe(false);
    bootVm(vm);
    expect(guest.checkLogin('admin', 'pw-one')).toBe(true);
    expect(guest.checkLogin('admin', 'nope')).toBe(false);
    expect(guest.checkLogin('root', 'pw-one')).toBe(false);
  });

  it('keeps an agent-set password until cloud-init data changes and the VM reboots', () => {
    const c = cluster();
    const vm = c.newVm(101, 'pve1', { ostype: 'l26' }, DEFAULT_OS);
    c.vms.set(101, vm);
    applyConfig(c, vm, { ciuser: 'admin', cipassword: 'pw-one' });
    bootVm(vm);
    vm.guestPasswords.admin = 'pw-agent';
    const guest = guestAccess(c, 101);
    expect(guest.checkLogin('admin', 'pw-agent')).toBe(true);
    haltVm(vm);
    bootVm(vm);
    expect(guest.checkLogin('admin', 'pw-agent')).toBe(true);
    applyConfig(c, vm, { ipconfig0: 'ip=dhcp' });
    haltVm(vm);
    bootVm(vm);
    // New cloud-init instance-id: the old cipassword comes back, as on a real cloud-init guest.
    expect(guest.checkLogin('admin', 'pw-one')).toBe(true);
  });
});
