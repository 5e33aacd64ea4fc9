import type { Locale } from '@nimbus/contract';

/** Maps any language tag (navigator, cookie, query string or stored) to a supported locale. */
export function toLocale(tag: string | null | undefined): Locale {
  const normalized = (tag ?? '').trim().toLowerCase();
  return normalized.startsWith('zh') ? 'zh_CN' : 'en_US';
}

/** The BCP 47 tag for `<html lang>`. */
export function htmlLang(locale: Locale): string {
  return locale === 'zh_CN' ? 'zh-CN' : 'en';
}

/** The BCP 47 tag for Intl formatters. */
export function intlLocale(locale: Locale): string {
  return locale === 'zh_CN' ? 'zh-CN' : 'en-US';
}
