import type { Locale } from '@nimbus/contract';
import type enConsole from '../../locales/en_US/console';
import type enPublic from '../../locales/en_US';

/** The strings of one language; English is the reference, every language matches it. */
export type PublicResources = typeof enPublic;
export type ConsoleResources = typeof enConsole;
export type Resources = PublicResources & ConsoleResources;
export type Namespace = keyof Resources;

interface LanguageChunks {
  /** The public pages' strings (sign-in, registration, errors). */
  public: () => Promise<PublicResources>;
  /** The signed-in console's strings, which a visitor of /login never downloads. */
  console: () => Promise<ConsoleResources>;
}

/** Each language is its own chunks, fetched only when a visitor uses it. */
export const loadResources: Record<Locale, LanguageChunks> = {
  en_US: {
    public: () => import('../../locales/en_US').then((m) => m.default),
    console: () => import('../../locales/en_US/console').then((m) => m.default),
  },
  zh_CN: {
    public: () => import('../../locales/zh_CN').then((m) => m.default),
    console: () => import('../../locales/zh_CN/console').then((m) => m.default),
  },
};
