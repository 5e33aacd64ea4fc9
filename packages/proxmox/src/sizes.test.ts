import { describe, expect, it } from 'vitest';
import { diskSize, GIB, parseSize } from './sizes.js';

describe('Proxmox sizes', () => {
  it('reads every unit qemu-server writes, not only gigabytes', () => {
    expect(parseSize('32G')).toBe(32 * GIB);
    expect(parseSize('1T')).toBe(1024 * GIB);
    expect(parseSize('1.5T')).toBe(1536 * GIB);
    expect(parseSize('512M')).toBe(GIB / 2);
    expect(parseSize('4194304K')).toBe(4 * GIB);
    expect(parseSize('10737418240')).toBe(10 * GIB);
    expect(parseSize('2g')).toBe(2 * GIB);
  });

  it('answers null for what is not a size', () => {
    expect(parseSize('')).toBeNull();
    expect(parseSize('big')).toBeNull();
    expect(parseSize('-1G')).toBeNull();
    expect(parseSize('12P')).toBeNull();
  });

  it('finds size= in a disk property string', () => {
    expect(diskSize('ceph-vm:vm-10000-disk-0,discard=on,size=1T')).toBe(1024 * GIB);
    expect(diskSize('local-lvm:vm-1-disk-0,size=80G,ssd=1')).toBe(80 * GIB);
    expect(diskSize('local-lvm:vm-1-disk-0,cache=none')).toBeNull();
    expect(diskSize(undefined)).toBeNull();
  });
});
