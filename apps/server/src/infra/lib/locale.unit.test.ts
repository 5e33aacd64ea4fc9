import { describe, expect, it } from 'vitest';
import { requestedLocale } from './locale.js';

describe('the language a request asks for (the sandbox checkout, the documents of the web app)', () => {
  it('takes the lang query, then the lang cookie, then Accept-Language; any Chinese is zh_CN', () => {
    expect(requestedLocale('zh_CN', 'lang=en_US', 'en')).toBe('zh_CN');
    expect(requestedLocale(undefined, 'theme=dark; lang=zh-TW', 'en')).toBe('zh_CN');
    expect(requestedLocale(undefined, undefined, 'zh-HK,en;q=0.5')).toBe('zh_CN');
    expect(requestedLocale(undefined, undefined, 'fr-FR,zh;q=0.5')).toBe('en_US');
    expect(requestedLocale(undefined, undefined, undefined)).toBe('en_US');
  });

  it('reads a repeated lang query or a cookie with bad escapes as no choice, never an error', () => {
    expect(requestedLocale(['zh_CN', 'en_US'], undefined, 'zh-CN')).toBe('zh_CN');
    expect(requestedLocale(['en_US', 'zh_CN'], 'lang=%E0', undefined)).toBe('en_US');
  });
});
