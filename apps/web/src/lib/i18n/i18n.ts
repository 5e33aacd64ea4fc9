import type { Locale } from '@nimbus/contract';
import { detectLocale, storeLocale } from './detect';
import { htmlLang, intlLocale } from './language';
import { loadResources, type Namespace, type Resources } from './resources';
import { hasKey, translate, type TFunction, type TKey, type TOptions } from './translate';

type Listener = () => void;

/**
 * The app's strings in the visitor's language: one small store in place of i18next (it cost
 * 18 kB gzip before sign-in). Each language is its own chunk, loaded before it is shown.
 */
class Translations {
  language: Locale = 'en_US';
  private resources: Resources | null = null;
  /** Whether the signed-in console's strings are wanted (its first page was entered). */
  private withConsole = false;
  private plurals = new Intl.PluralRules('en-US');
  private readonly listeners = new Set<Listener>();

  /** The same as `language`, under i18next's name. */
  get resolvedLanguage(): Locale {
    return this.language;
  }

  /** Translates with the common namespace first; prefix another with `ns:`. */
  t = (key: TKey<'common'>, options?: TOptions): string => this.translate(['common'], key, options);

  translate(namespaces: readonly Namespace[], key: string, options?: TOptions): string {
    return this.resources ? translate(this.resources, this.plurals, namespaces, key, options) : key;
  }

  exists(key: string): boolean {
    return !!this.resources && hasKey(this.resources, key);
  }

  /**
   * Loads a language's strings, then switches to it (the page keeps the old language meanwhile);
   * `store` keeps it as this device's choice.
   */
  async changeLanguage(locale: Locale, store = true): Promise<void> {
    const chunks = loadResources[locale];
    const [publicStrings, consoleStrings] = await Promise.all([
      chunks.public(),
      this.withConsole ? chunks.console() : undefined,
    ]);
    this.resources = (consoleStrings ? mergeStrings(publicStrings, consoleStrings) : publicStrings) as Resources;
    this.language = locale;
    this.plurals = new Intl.PluralRules(intlLocale(locale));
    document.documentElement.lang = htmlLang(locale);
    if (store) storeLocale(locale);
    this.notify();
  }

  /** Loads the signed-in console's strings in the current language, once; later languages load them too. */
  async loadConsole(): Promise<void> {
    await i18nReady;
    if (this.withConsole) return;
    this.withConsole = true;
    const locale = this.language;
    const consoleStrings = await loadResources[locale].console();
    if (locale !== this.language || !this.resources) return;
    this.resources = mergeStrings(this.resources, consoleStrings) as Resources;
    this.notify();
  }

  private notify() {
    for (const listener of this.listeners) listener();
  }

  /** Calls `listener` after every change of language; returns the unsubscribe function. */
  subscribe = (listener: Listener): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };
}

export const i18n = new Translations();

/** Resolves once the detected language's strings are loaded: render after it, so no key ever shows. */
const detected = detectLocale();
export const i18nReady = i18n.changeLanguage(detected.locale, detected.chosen);

export function currentLocale(): Locale {
  return i18n.language;
}

/** Switches the language and stores the choice. */
export async function changeLocale(locale: Locale): Promise<void> {
  await i18n.changeLanguage(locale);
}

export type { TFunction, TKey };

type Strings = { [key: string]: string | Strings };

/**
 * The public strings with the console's added: a namespace both have (errors) is merged key by key,
 * so the console's error texts join the public ones instead of replacing them.
 */
function mergeStrings(base: object, extra: object): Strings {
  const out: Strings = { ...(base as Strings) };
  for (const [key, value] of Object.entries(extra as Strings)) {
    const had = out[key];
    out[key] = typeof value === 'object' && had && typeof had === 'object' ? mergeStrings(had, value) : value;
  }
  return out;
}
