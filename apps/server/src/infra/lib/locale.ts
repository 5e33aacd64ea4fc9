import type { Locale } from '@nimbus/contract';
import type { FastifyRequest } from 'fastify';

/**
 * The language an Accept-Language header asks for, as the web maps a browser's
 * (docs/product/accounts.md#language-and-theme): its most wanted tag (by q, then order) is Chinese
 * of any kind → zh_CN, anything else → en_US.
 */
export function acceptedLocale(header: string | undefined): Locale {
  const [first] = (header ?? '')
    .split(',')
    .map((part, i) => {
      const [tag = '', ...params] = part.split(';');
      const q = params.map((p) => /^\s*q=([\d.]+)\s*$/.exec(p)?.[1]).find((v) => v !== undefined);
      return { tag: tag.trim().toLowerCase(), q: q === undefined ? 1 : Number(q), i };
    })
    .filter((w) => w.tag !== '' && w.q > 0)
    .sort((a, b) => b.q - a.q || a.i - b.i);
  return first?.tag.startsWith('zh') ? 'zh_CN' : 'en_US';
}

/**
 * The web's language order (docs/product/accounts.md#language-and-theme) where a server can see it:
 * the `lang` query, then the `lang` cookie, then Accept-Language (the choice a person stored in the
 * browser is out of its sight). For the pages the server serves itself and the documents it names
 * the language's strings in.
 */
export function requestedLocale(
  query: unknown,
  cookie: string | undefined,
  acceptLanguage: string | undefined,
): Locale {
  const fromCookie = /(?:^|;\s*)lang=([^;]*)/.exec(cookie ?? '')?.[1];
  // A repeated ?lang= arrives as an array, a cookie may hold bad %-escapes: neither is a language.
  const tag = (typeof query === 'string' && query) || (fromCookie ? safeDecode(fromCookie) : '');
  if (!tag) return acceptedLocale(acceptLanguage);
  return tag.trim().toLowerCase().startsWith('zh') ? 'zh_CN' : 'en_US';
}

function safeDecode(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return '';
  }
}

/**
 * The reader's language for the texts the server writes (catalogue, ticket types, notices, ledger
 * and invoice lines): the request's Accept-Language. The web app sends its current language there.
 */
export const localeOf = (req: FastifyRequest): Locale => acceptedLocale(req.headers['accept-language']);

/**
 * The language of what staff read (staff API, admin CLI): English, or Chinese where an operator
 * wrote only that. Where staff edit texts they get every version (`Texts`).
 */
export const STAFF_LOCALE: Locale = 'en_US';
