import { maskEmail } from '@nimbus/contract';
import { describe, expect, it } from 'vitest';
import { commissionOf, parsePercent } from './settings.js';

describe('affiliate rate maths', () => {
  it('rounds a commission down to a whole minor unit', () => {
    expect(commissionOf(500, 1000)).toBe(50);
    expect(commissionOf(999, 1250)).toBe(124);
    expect(commissionOf(1, 999)).toBe(0);
    expect(commissionOf(123_456_789, 10_000)).toBe(123_456_789);
  });
  it('reads percents with up to 2 decimals as basis points', () => {
    expect(['10', '12.5', '0.01', '100', '0'].map(parsePercent)).toEqual([1000, 1250, 1, 10_000, 0]);
    expect(['100.01', '-1', '1.234', 'ten', ''].map(parsePercent)).toEqual([null, null, null, null, null]);
  });
  it('masks the addresses of referred customers', () => {
    expect(maskEmail('ada@example.com')).toBe('a***@e***.com');
    expect(maskEmail('x@localhost')).toBe('x***@l***');
    expect(maskEmail('broken')).toBe('***');
  });
});
