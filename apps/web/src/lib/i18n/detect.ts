import { LOCALE_STORAGE_KEY, type Locale } from '@nimbus/contract';
import { toLocale } from './language';

function stored(): string | null {
  try {
    return window.localStorage.getItem(LOCALE_STORAGE_KEY);
  } catch {
    return null;
  }
}

function cookie(name: string): string | null {
  const match = document.cookie.split('; ').find((c) => c.startsWith(`${name}=`));
  return match ? decodeURIComponent(match.slice(name.length + 1)) : null;
}

/**
 * The language (docs/product/accounts.md#language-and-theme): the stored choice, then the query
 * string (`lang`), then a cookie (`lang`), then the browser. `chosen` when a person chose it
 * (stored, or named in a link's query string): only a choice is stored, so a signed-in account's
 * language can still apply where nobody chose one.
 */
export function detectLocale(): { locale: Locale; chosen: boolean } {
  const choice = stored() || new URLSearchParams(window.location.search).get('lang');
  const guess = [cookie('lang'), ...(navigator.languages ?? []), navigator.language].find((c) => c);
  return { locale: toLocale(choice || guess), chosen: !!choice };
}

/** Remembers the language, so the stored choice wins next time. */
export function storeLocale(locale: Locale): void {
  try {
    window.localStorage.setItem(LOCALE_STORAGE_KEY, locale);
  } catch {
    /* storage may be disabled */
  }
}
