import { describe, expect, it } from 'vitest';
import { backoffDelay, sleep } from './backoff.js';
import { classifyStatus } from './errors.js';

const opts = { maxAttempts: 5, baseMs: 100, maxMs: 1000 };

describe('backoff', () => {
  it('grows exponentially with jitter between half and full delay', () => {
    expect(backoffDelay(0, opts, () => 0)).toBe(50);
    expect(backoffDelay(0, opts, () => 1)).toBe(100);
    expect(backoffDelay(1, opts, () => 0)).toBe(100);
    expect(backoffDelay(2, opts, () => 1)).toBe(400);
  });

  it('caps at maxMs', () => {
    expect(backoffDelay(10, opts, () => 1)).toBe(1000);
    expect(backoffDelay(50, opts, () => 0)).toBe(500);
  });

  it('spreads parallel retries', () => {
    const delays = new Set(Array.from({ length: 20 }, () => backoffDelay(3, opts)));
    expect(delays.size).toBeGreaterThan(1);
    for (const d of delays) expect(d).toBeGreaterThanOrEqual(400);
  });

  it('sleep rejects when aborted', async () => {
    const ac = new AbortController();
    const p = sleep(10_000, ac.signal);
    ac.abort(new Error('stop'));
    await expect(p).rejects.toThrow('stop');
  });
});

describe('classifyStatus', () => {
  it('recognises lock errors whatever the status', () => {
    expect(classifyStatus(500, "can't lock file '/var/lock/qemu-server/lock-203.conf' - got timeout")).toBe('lock');
    expect(classifyStatus(500, 'cfs-lock domain-x error: got lock request timeout')).toBe('lock');
    expect(classifyStatus(500, 'VM is locked (clone)')).toBe('vm-locked');
  });

  it('maps statuses', () => {
    expect(classifyStatus(400, 'Parameter verification failed.')).toBe('validation');
    expect(classifyStatus(401, 'invalid PVE ticket')).toBe('auth');
    expect(classifyStatus(403, 'Permission check failed')).toBe('permission');
    expect(classifyStatus(500, 'VM 100 not running')).toBe('server');
    expect(classifyStatus(404, 'nope')).toBe('http');
  });
});
