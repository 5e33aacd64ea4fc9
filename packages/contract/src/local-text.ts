import * as z from 'zod/mini';
import { LOCALES, type Locale } from './constants.js';

/** An operator's text in each console language; '' where that language was not written. */
export type LocalText = Record<Locale, string>;

/** Every version of an operator's text, as staff read it back ('' where one was not written). */
export const LocalTextVersions = z
  .object({ en_US: z.string(), zh_CN: z.string() })
  .register(z.globalRegistry, { id: 'LocalText' });

/** The other console language: a reader's fallback when their own version was not written. */
export const otherLocale = (locale: Locale): Locale => (locale === 'zh_CN' ? 'en_US' : 'zh_CN');

/** The reader's version of a text, or the other language's when theirs was not written. */
export const pickText = (text: LocalText, locale: Locale): string => text[locale] || text[otherLocale(locale)];

/**
 * What operators write (staff API, catalogue file): a plain string, which is the English version,
 * or `{ "en_US": …, "zh_CN": … }` with either or both. Each version is checked by `text`; with
 * `required`, at least one must be given.
 */
export function localTextInput<T extends z.ZodMiniType<string, unknown>>(text: T, required: boolean) {
  const versions = z.object({ en_US: z.optional(text), zh_CN: z.optional(text) });
  // A missing text is `required`; a bad plain string says what its check said (`incorrect_length`…).
  const error = (issue: { input?: unknown; errors?: { message: string }[][] }) =>
    issue.input === undefined
      ? 'required'
      : typeof issue.input === 'string'
        ? (issue.errors?.[0]?.[0]?.message ?? 'invalid_value')
        : 'invalid_value';
  return z.union([text, versions], { error }).check(
    z.refine((v) => !required || typeof v === 'string' || LOCALES.some((l) => (v[l] ?? '') !== ''), {
      error: 'required',
    }),
    z.describe('Plain text (the English version) or `{"en_US": …, "zh_CN": …}` with either or both versions.'),
  );
}
export type LocalTextInput = string | Partial<LocalText>;

/** An operator's input as stored: both languages, '' where one was not written. */
export function toLocalText(input: LocalTextInput | undefined): LocalText {
  if (input === undefined) return { en_US: '', zh_CN: '' };
  if (typeof input === 'string') return { en_US: input, zh_CN: '' };
  return { en_US: input.en_US ?? '', zh_CN: input.zh_CN ?? '' };
}
