import { describe, expect, it } from 'vitest';
import { isUpid, parseUpid } from './upid.js';

describe('parseUpid', () => {
  it('parses the standard layout', () => {
    expect(parseUpid('UPID:pve1:0001A2B3:0F00A1B2:66A1B2C3:qmclone:9000:panel@pve!prod:')).toEqual({
      upid: 'UPID:pve1:0001A2B3:0F00A1B2:66A1B2C3:qmclone:9000:panel@pve!prod:',
      node: 'pve1',
      pid: 0x0001a2b3,
      pstart: 0x0f00a1b2,
      starttime: 0x66a1b2c3,
      type: 'qmclone',
      id: '9000',
      user: 'panel@pve!prod',
    });
  });

  it('accepts the task-id variant and an empty id', () => {
    const u = parseUpid('UPID:pve2:00001234:00005678:0000000A:66A1B2C3:vzdump::root@pam:');
    expect(u).toMatchObject({ node: 'pve2', taskId: 10, type: 'vzdump', id: '', user: 'root@pam' });
  });

  it('rejects junk', () => {
    expect(parseUpid('UPID:pve1:xyz')).toBeUndefined();
    expect(parseUpid('')).toBeUndefined();
    expect(isUpid(42)).toBe(false);
    expect(isUpid('UPID:pve1:0001A2B3:0F00A1B2:66A1B2C3:qmstart:100:root@pam:')).toBe(true);
  });
});
