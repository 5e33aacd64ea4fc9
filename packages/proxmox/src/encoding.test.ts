import { describe, expect, it } from 'vitest';
import {
  apiPath,
  decodeSshKeys,
  encodeForm,
  encodeQuery,
  encodeSshKeys,
  indexedEntries,
  indexedKey,
  normaliseSshKeys,
  parseIndexedKey,
} from './encoding.js';

describe('encoding', () => {
  it('form-encodes booleans as 1/0, drops null/undefined, joins lists', () => {
    expect(encodeForm({ full: true, onboot: false, a: undefined, b: null, cores: 2, delete: ['net1', 'ide2'] })).toBe(
      'full=1&onboot=0&cores=2&delete=net1%2Cide2',
    );
  });

  it('uses %20 for spaces, never +', () => {
    expect(encodeForm({ description: 'a b+c' })).toBe('description=a%20b%2Bc');
  });

  it('puts GET/DELETE params in a query string, empty when none', () => {
    expect(encodeQuery({ type: 'vm' })).toBe('?type=vm');
    expect(encodeQuery({})).toBe('');
    expect(encodeQuery(undefined)).toBe('');
  });

  it('percent-encodes path params (UPIDs, volids)', () => {
    const upid = 'UPID:pve1:0001A2B3:0F00A1B2:66A1B2C3:qmclone:9000:panel@pve!prod:';
    expect(apiPath`/nodes/${'pve1'}/tasks/${upid}/status`).toBe(
      '/nodes/pve1/tasks/UPID%3Apve1%3A0001A2B3%3A0F00A1B2%3A66A1B2C3%3Aqmclone%3A9000%3Apanel%40pve!prod%3A/status',
    );
    expect(apiPath`/content/${'backup:backup/vzdump-qemu-101.vma.zst'}`).toBe(
      '/content/backup%3Abackup%2Fvzdump-qemu-101.vma.zst',
    );
  });

  it('encodes sshkeys once, and the form body encodes them again', () => {
    const keys = ['ssh-ed25519 AAAAC3Nz+/= user@host', 'ssh-rsa AAAAB3 cardno:000'];
    const once = encodeSshKeys(keys);
    expect(once).toBe('ssh-ed25519%20AAAAC3Nz%2B%2F%3D%20user%40host%0Assh-rsa%20AAAAB3%20cardno%3A000');
    expect(once).toMatch(/^[-%a-zA-Z0-9_.!~*'()]*$/);
    expect(encodeForm({ sshkeys: once })).toBe(`sshkeys=${once.replace(/%/g, '%25')}`);
    expect(encodeForm({ sshkeys: once })).toContain('ssh-ed25519%2520AAAA');
    expect(decodeSshKeys(once)).toEqual(keys);
  });

  it('normaliseSshKeys keeps an already-encoded value and encodes raw text', () => {
    const enc = encodeSshKeys(['ssh-ed25519 AAAA x']);
    expect(normaliseSshKeys(enc)).toBe(enc);
    expect(normaliseSshKeys('ssh-ed25519 AAAA x')).toBe(enc);
    expect(normaliseSshKeys(['ssh-ed25519 AAAA x'])).toBe(enc);
  });

  it('builds and parses indexed keys', () => {
    expect(indexedKey('net', 0)).toBe('net0');
    expect(indexedKey('ipconfig', 3)).toBe('ipconfig3');
    expect(() => indexedKey('net', -1)).toThrow(RangeError);
    expect(parseIndexedKey('scsi12')).toEqual({ prefix: 'scsi', index: 12 });
    expect(parseIndexedKey('cores')).toBeUndefined();
    expect([...indexedEntries({ net0: 'virtio', net2: 'e1000', name: 'x' }, 'net')]).toEqual([
      [0, 'virtio'],
      [2, 'e1000'],
    ]);
  });
});
