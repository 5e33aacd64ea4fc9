import { describe, expect, it } from 'vitest';
import { bool, num, optBool, optNum, str, stringRecord } from './decode.js';
import { decodeConsoleTicket, decodeInterfaces, decodeRule } from './decode-extra.js';
import { decodeRrd, decodeSnapshots, decodeTaskStatus, decodeVmConfig, decodeVmStatus } from './decode-results.js';

describe('tolerant decoding', () => {
  it('coerces numbers that arrive as strings', () => {
    expect(num('105')).toBe(105);
    expect(num(105)).toBe(105);
    expect(optNum('')).toBeUndefined();
    expect(optNum('abc')).toBeUndefined();
    expect(num(undefined, 7)).toBe(7);
  });

  it('coerces 0/1 and string booleans', () => {
    expect(bool(1)).toBe(true);
    expect(bool('0')).toBe(false);
    expect(bool('1')).toBe(true);
    expect(optBool(undefined)).toBeUndefined();
    expect(str(12)).toBe('12');
    expect(stringRecord({ cores: 2, name: 'a', nested: {} })).toEqual({ cores: '2', name: 'a' });
  });

  it('decodes console tickets with port as string or int', () => {
    expect(decodeConsoleTicket({ port: '5901', ticket: 't', user: 'u@pve', upid: 'x' }).port).toBe(5901);
    expect(decodeConsoleTicket({ port: 5902, ticket: 't', user: 'u@pve', upid: 'x' }).port).toBe(5902);
  });

  it('decodes status/current with missing optional fields', () => {
    const s = decodeVmStatus({ vmid: '100', status: 'running', cpus: '2', mem: 1024, agent: 1, lock: '' });
    expect(s).toMatchObject({
      vmid: 100,
      status: 'running',
      cpus: 2,
      mem: 1024,
      agent: true,
      uptime: 0,
      lock: undefined,
    });
  });

  it('separates the config digest', () => {
    expect(decodeVmConfig({ cores: 2, digest: 'abc', net0: 'virtio,bridge=vmbr0' })).toEqual({
      digest: 'abc',
      values: { cores: '2', net0: 'virtio,bridge=vmbr0' },
    });
  });

  it('keeps rrd points whose metrics are omitted', () => {
    expect(decodeRrd([{ time: 60, cpu: '0.5' }, { time: 120 }])).toEqual([{ time: 60, cpu: 0.5 }, { time: 120 }]);
  });

  it('drops the current pseudo-snapshot and decodes tasks and rules', () => {
    expect(
      decodeSnapshots([
        { name: 'current', running: 1 },
        { name: 's1', snaptime: '5', vmstate: 0 },
      ]),
    ).toEqual([{ name: 's1', description: undefined, parent: undefined, snaptime: 5, vmstate: false }]);
    expect(decodeTaskStatus({ status: 'stopped', exitstatus: 'OK', starttime: '10' })).toMatchObject({
      status: 'stopped',
      starttime: 10,
    });
    expect(decodeRule({ pos: '0', enable: '1', type: 'in', action: 'ACCEPT', dport: 22 })).toMatchObject({
      pos: 0,
      enable: true,
      dport: '22',
    });
  });

  it('decodes guest interfaces', () => {
    const r = decodeInterfaces({
      result: [
        {
          name: 'eth0',
          'hardware-address': 'aa',
          'ip-addresses': [{ 'ip-address-type': 'ipv4', 'ip-address': '10.0.0.2', prefix: '24' }],
        },
      ],
    });
    expect(r).toEqual([
      { name: 'eth0', hardwareAddress: 'aa', addresses: [{ type: 'ipv4', address: '10.0.0.2', prefix: 24 }] },
    ]);
  });
});
