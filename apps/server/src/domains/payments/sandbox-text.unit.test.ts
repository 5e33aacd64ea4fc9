import { describe, expect, it } from 'vitest';
import { SANDBOX_TEXT } from './sandbox-text.js';

describe('the sandbox page’s texts', () => {
  it('has every text in both languages, really translated', () => {
    const keys = (o: object): string[] =>
      Object.entries(o).flatMap(([k, v]) => (typeof v === 'object' ? keys(v as object).map((s) => `${k}.${s}`) : [k]));
    expect(keys(SANDBOX_TEXT.zh_CN)).toEqual(keys(SANDBOX_TEXT.en_US));
    expect(SANDBOX_TEXT.zh_CN.banner).not.toBe(SANDBOX_TEXT.en_US.banner);
  });
});
