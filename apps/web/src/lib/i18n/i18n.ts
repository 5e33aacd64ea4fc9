import { LOCALE_STORAGE_KEY, LOCALES, type Locale } from '@nimbus/contract';
import i18n from 'i18next';
import LanguageDetector from 'i18next-browser-languagedetector';
import { initReactI18next } from 'react-i18next';
import { htmlLang, toLocale } from './language';
import { namespaces, resources } from './resources';

function applyHtmlLang(language: string): void {
  document.documentElement.lang = htmlLang(toLocale(language));
}

i18n.on('languageChanged', applyHtmlLang);

void i18n
  .use(LanguageDetector)
  .use(initReactI18next)
  .init({
    resources,
    ns: namespaces,
    defaultNS: 'common',
    supportedLngs: [...LOCALES],
    fallbackLng: 'en_US',
    load: 'currentOnly',
    initAsync: false,
    returnNull: false,
    interpolation: { escapeValue: false },
    detection: {
      // SPEC §1: stored choice, then query string, then cookie, then browser.
      order: ['localStorage', 'querystring', 'cookie', 'navigator'],
      lookupLocalStorage: LOCALE_STORAGE_KEY,
      lookupQuerystring: 'lang',
      lookupCookie: 'lang',
      caches: ['localStorage'],
      convertDetectedLanguage: (lng: string) => toLocale(lng),
    },
  });

export function currentLocale(): Locale {
  return toLocale(i18n.resolvedLanguage ?? i18n.language);
}

/** Switches the language; the detector stores the choice in local storage. */
export async function changeLocale(locale: Locale): Promise<void> {
  await i18n.changeLanguage(locale);
}

export { i18n };
