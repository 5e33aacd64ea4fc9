import type { Locale } from '@nimbus/contract';
import type en_US from '../../locales/en_US';

/** The shape of one language's strings; English is the reference, every language matches it. */
export type Resources = typeof en_US;
export type Namespace = keyof Resources;

// A record, so that leaving a namespace out (or naming one that does not exist) fails to compile.
const NAMESPACES: Record<Namespace, true> = {
  common: true,
  auth: true,
  errors: true,
  me: true,
  dashboard: true,
  shell: true,
};
export const namespaces = Object.keys(NAMESPACES) as Namespace[];

/** Each language is its own chunk, fetched only when a visitor uses it. */
export const loadResources: Record<Locale, () => Promise<Resources>> = {
  en_US: () => import('../../locales/en_US').then((m) => m.default),
  zh_CN: () => import('../../locales/zh_CN').then((m) => m.default),
};
