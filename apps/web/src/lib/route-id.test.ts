import { describe, expect, it } from 'vitest';
import { MAX_INSTANCE_ID, routeId } from './route-id';

describe('routeId', () => {
  it('reads a positive whole number from its digits or as a number', () => {
    expect(routeId('1')).toBe(1);
    expect(routeId('42')).toBe(42);
    expect(routeId(42)).toBe(42);
    expect(routeId(String(Number.MAX_SAFE_INTEGER))).toBe(Number.MAX_SAFE_INTEGER);
  });

  it('refuses what cannot be an id', () => {
    for (const raw of ['', '0', '-1', '+1', '01', '1.5', '1e3', ' 1', '1 ', 'abc', '0x10', 'Infinity']) {
      expect(routeId(raw)).toBeNull();
    }
    for (const raw of [0, -1, 1.5, Number.NaN, Infinity, null, undefined, {}, [1], true]) {
      expect(routeId(raw)).toBeNull();
    }
  });

  it('refuses a number past the safe integers (it would not read back the same)', () => {
    expect(routeId('9007199254740992')).toBeNull();
    expect(routeId('9007199254740993')).toBeNull();
    expect(routeId('12345678901234567')).toBeNull();
    expect(routeId(2 ** 53)).toBeNull();
  });

  it('refuses a number past the given largest id (instances: 32-bit)', () => {
    expect(routeId('2147483647', MAX_INSTANCE_ID)).toBe(2147483647);
    expect(routeId('2147483648', MAX_INSTANCE_ID)).toBeNull();
    expect(routeId('99999999999', MAX_INSTANCE_ID)).toBeNull();
  });
});
