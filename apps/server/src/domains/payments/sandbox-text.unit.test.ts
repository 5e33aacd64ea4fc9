import { describe, expect, it } from 'vitest';
import { SANDBOX_TEXT, sandboxLocale } from './sandbox-text.js';

describe('the sandbox page’s language', () => {
  it('takes the lang query, then the lang cookie, then Accept-Language; any Chinese is zh_CN', () => {
    expect(sandboxLocale('zh_CN', 'lang=en_US', 'en')).toBe('zh_CN');
    expect(sandboxLocale(undefined, 'theme=dark; lang=zh-TW', 'en')).toBe('zh_CN');
    expect(sandboxLocale(undefined, undefined, 'zh-HK,en;q=0.5')).toBe('zh_CN');
    expect(sandboxLocale(undefined, undefined, 'fr-FR,zh;q=0.5')).toBe('en_US');
    expect(sandboxLocale(undefined, undefined, undefined)).toBe('en_US');
  });

  it('reads a repeated lang query or a cookie with bad escapes as no choice, never an error', () => {
    expect(sandboxLocale(['zh_CN', 'en_US'], undefined, 'zh-CN')).toBe('zh_CN');
    expect(sandboxLocale(['en_US', 'zh_CN'], 'lang=%E0', undefined)).toBe('en_US');
  });

  it('has every text in both languages, really translated', () => {
    const keys = (o: object): string[] =>
      Object.entries(o).flatMap(([k, v]) => (typeof v === 'object' ? keys(v as object).map((s) => `${k}.${s}`) : [k]));
    expect(keys(SANDBOX_TEXT.zh_CN)).toEqual(keys(SANDBOX_TEXT.en_US));
    expect(SANDBOX_TEXT.zh_CN.banner).not.toBe(SANDBOX_TEXT.en_US.banner);
  });
});
