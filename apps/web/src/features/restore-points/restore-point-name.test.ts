import { BACKUP_NAME_MAX, SNAPSHOT_NAME } from '@nimbus/contract';
import { describe, expect, it } from 'vitest';
import { defaultRestorePointName } from './restore-point-name';

describe('defaultRestorePointName', () => {
  const at = new Date(2026, 0, 5, 7, 3);

  it('stamps the local date and time to the minute', () => {
    expect(defaultRestorePointName('snap', at, [])).toBe('snap-20260105-0703');
    expect(defaultRestorePointName('backup', at, [])).toBe('backup-20260105-0703');
  });

  it('meets the snapshot rule and the backup length', () => {
    const snap = defaultRestorePointName('snap', at, []);
    expect(SNAPSHOT_NAME.pattern.test(snap) && snap.length <= SNAPSHOT_NAME.max).toBe(true);
    expect(defaultRestorePointName('backup', at, []).length).toBeLessThanOrEqual(BACKUP_NAME_MAX);
  });

  it('steps past names the instance already has', () => {
    expect(defaultRestorePointName('snap', at, ['snap-20260105-0703'])).toBe('snap-20260105-0703-2');
    expect(defaultRestorePointName('snap', at, ['SNAP-20260105-0703', 'snap-20260105-0703-2'])).toBe(
      'snap-20260105-0703-3',
    );
  });
});
