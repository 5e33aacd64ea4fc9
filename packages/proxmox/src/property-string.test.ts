import { describe, expect, it } from 'vitest';
import { buildIpConfig, buildNet, buildPropertyString, parseNet, parsePropertyString } from './property-string.js';

describe('property strings', () => {
  it('builds with the default key first and booleans as 1/0', () => {
    expect(buildNet({ model: 'virtio', bridge: 'vmbr0', firewall: true })).toBe('virtio,bridge=vmbr0,firewall=1');
    expect(buildNet({ bridge: 'vmbr0', model: 'virtio', rate: 12.5, tag: undefined })).toBe(
      'virtio,bridge=vmbr0,rate=12.5',
    );
    expect(buildPropertyString({ current: 2048 }, { defaultKey: 'current' })).toBe('2048');
    expect(buildPropertyString({ enabled: true, fstrim_cloned_disks: false })).toBe('enabled=1,fstrim_cloned_disks=0');
  });

  it('builds ipconfig', () => {
    expect(buildIpConfig({ ip: '203.0.113.10/24', gw: '203.0.113.1' })).toBe('ip=203.0.113.10/24,gw=203.0.113.1');
    expect(buildIpConfig({ ip: 'dhcp', ip6: 'auto' })).toBe('ip=dhcp,ip6=auto');
  });

  it('parses key=value lists and bare default-key values', () => {
    expect(parsePropertyString('ip=203.0.113.10/24,gw=203.0.113.1,ip6=2001:db8::10/64')).toEqual({
      ip: '203.0.113.10/24',
      gw: '203.0.113.1',
      ip6: '2001:db8::10/64',
    });
    expect(parsePropertyString('2048', { defaultKey: 'current' })).toEqual({ current: '2048' });
    expect(parsePropertyString('local-lvm:vm-100-disk-0,size=10G,discard=on', { defaultKey: 'file' })).toEqual({
      file: 'local-lvm:vm-100-disk-0',
      size: '10G',
      discard: 'on',
    });
  });

  it('parses net values written by Proxmox with the MAC on the model key', () => {
    expect(parseNet('virtio=BC:24:11:AA:BB:CC,bridge=vmbr0,firewall=1')).toEqual({
      model: 'virtio',
      macaddr: 'BC:24:11:AA:BB:CC',
      bridge: 'vmbr0',
      firewall: '1',
    });
    expect(parseNet('virtio,bridge=vmbr0')).toEqual({ model: 'virtio', bridge: 'vmbr0' });
  });

  it('round-trips', () => {
    const s = 'virtio,bridge=vmbr0,firewall=1,rate=12.5';
    expect(buildNet({ ...(parseNet(s) as { model: string }) })).toBe(s);
  });
});
