import { describe, expect, it } from 'vitest';
import { countryOptions } from './countries';

describe('countryOptions', () => {
  it('lists every ISO 3166-1 alpha-2 code once', () => {
    const values = countryOptions('en_US').map((o) => o.value);
    expect(values).toHaveLength(249);
    expect(new Set(values).size).toBe(249);
    expect(values.every((v) => /^[A-Z]{2}$/.test(v))).toBe(true);
  });

  it('names countries in the chosen language', () => {
    const en = countryOptions('en_US').find((o) => o.value === 'DE');
    const zh = countryOptions('zh_CN').find((o) => o.value === 'DE');
    expect(en?.label).toBe('Germany (DE)');
    expect(zh?.label).toBe('德国 (DE)');
  });
});
