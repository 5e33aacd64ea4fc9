import { describe, expect, it } from 'vitest';
import { FixedWindowLimiter } from './rate-limit.js';

describe('FixedWindowLimiter', () => {
  it('admits max hits per key and window, then says how many seconds are left', () => {
    let now = 1_000_000;
    const limiter = new FixedWindowLimiter(3, 60_000, () => now);
    expect([limiter.hit('a'), limiter.hit('a'), limiter.hit('a')]).toEqual([0, 0, 0]);
    now += 15_500;
    expect(limiter.hit('a')).toBe(45);
    expect(limiter.hit('b')).toBe(0);
    now += 44_400;
    expect(limiter.hit('a')).toBe(1);
    now += 100;
    expect(limiter.hit('a')).toBe(0);
  });

  it('forgets keys whose window ended, a few on each hit', () => {
    let now = 0;
    const limiter = new FixedWindowLimiter(1, 1_000, () => now);
    for (let i = 0; i < 100; i++) limiter.hit(`10.0.0.${i}`);
    expect(limiter.size).toBe(100);
    now = 1_000;
    for (let i = 0; i < 50; i++) limiter.hit('10.0.1.1');
    expect(limiter.size).toBe(1);
  });

  it('keeps at most maxKeys windows, dropping the oldest', () => {
    let now = 0;
    const limiter = new FixedWindowLimiter(1, 60_000, () => now, 3);
    for (const ip of ['a', 'b', 'c', 'd']) {
      limiter.hit(ip);
      now += 10;
    }
    expect(limiter.size).toBe(3);
    // 'a' was dropped, so it starts afresh; 'd' is still counted.
    expect(limiter.hit('a')).toBe(0);
    expect(limiter.hit('d')).toBeGreaterThan(0);
  });
});
