import type { Namespace, Resources } from './resources';

/** Plural forms of Intl.PluralRules, as suffixes of keys (`items_one`, `items_other`). */
type PluralForm = Intl.LDMLPluralRule;

type Join<P extends string, K extends string> = P extends '' ? K : `${P}.${K}`;
type Leaves<T, P extends string = ''> = T extends string
  ? P
  : { [K in keyof T & string]: Leaves<T[K], Join<P, K>> }[keyof T & string];
/** `items_one` and `items_other` are asked for as `items` with a count. */
type Unplural<K extends string> = K extends `${infer Base}_${PluralForm}` ? Base | K : K;

/** The keys of a namespace, dotted: `login.title`. */
export type KeysOf<NS extends Namespace> = Unplural<Leaves<Resources[NS]>>;
/** A key of any namespace, prefixed: `errors:code.need_login`. */
export type PrefixedKey = { [N in Namespace]: `${N}:${KeysOf<N>}` }[Namespace];
export type TKey<NS extends Namespace> = KeysOf<NS> | PrefixedKey;

/** Values for `{{name}}` placeholders; a numeric `count` also picks the plural form. */
export type TOptions = Record<string, unknown> & { count?: number };

/** Translates a key (typed by the namespaces it may come from). Unknown keys come back as they are. */
export type TFunction<NS extends Namespace = 'common'> = (key: TKey<NS>, options?: TOptions) => string;

function lookup(resources: Resources, ns: string, path: string): string | undefined {
  let node: unknown = (resources as Record<string, unknown>)[ns];
  for (const part of path.split('.')) {
    if (!node || typeof node !== 'object') return undefined;
    node = (node as Record<string, unknown>)[part];
  }
  return typeof node === 'string' ? node : undefined;
}

const interpolate = (text: string, options: TOptions | undefined) =>
  options
    ? text.replace(/\{\{\s*(\w+)\s*\}\}/g, (all, name: string) => (name in options ? String(options[name]) : all))
    : text;

/**
 * Finds `key` in the first namespace that has it (`ns:key` names one), with the plural form for
 * `count` when the language has one, and fills in the `{{placeholders}}`.
 */
export function translate(
  resources: Resources,
  plurals: Intl.PluralRules,
  namespaces: readonly string[],
  key: string,
  options?: TOptions,
): string {
  const colon = key.indexOf(':');
  const [spaces, path] = colon > 0 ? [[key.slice(0, colon)], key.slice(colon + 1)] : [namespaces, key];
  const forms = typeof options?.count === 'number' ? [`${path}_${plurals.select(options.count)}`, path] : [path];
  for (const ns of spaces) {
    for (const p of forms) {
      const text = lookup(resources, ns, p);
      if (text !== undefined) return interpolate(text, options);
    }
  }
  return key;
}

/** Whether `ns:key` names a string. */
export function hasKey(resources: Resources, key: string): boolean {
  const colon = key.indexOf(':');
  return colon > 0 && lookup(resources, key.slice(0, colon), key.slice(colon + 1)) !== undefined;
}
