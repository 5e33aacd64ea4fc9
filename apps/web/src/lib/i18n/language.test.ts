import { describe, expect, it } from 'vitest';
import { htmlLang, toLocale } from './language';

describe('toLocale', () => {
  it('maps every Chinese tag to Simplified Chinese', () => {
    for (const tag of ['zh', 'zh-CN', 'zh-TW', 'zh-HK', 'zh-Hans', 'zh-Hant-TW', 'zh_CN', 'ZH-cn']) {
      expect(toLocale(tag)).toBe('zh_CN');
    }
  });

  it('maps everything else to English', () => {
    for (const tag of ['en', 'en-US', 'en_US', 'en-GB', 'fr-FR', 'de', 'ja-JP', 'xz', '']) {
      expect(toLocale(tag)).toBe('en_US');
    }
    expect(toLocale(undefined)).toBe('en_US');
    expect(toLocale(null)).toBe('en_US');
  });

  it('gives html lang tags', () => {
    expect(htmlLang('en_US')).toBe('en');
    expect(htmlLang('zh_CN')).toBe('zh-CN');
  });
});
