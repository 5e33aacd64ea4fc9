import sanitizeHtml from 'sanitize-html';

// Links leave the console in a new tab and pass nothing to the other site.
const safeLink = sanitizeHtml.simpleTransform('a', { target: '_blank', rel: 'noopener noreferrer nofollow' });

const OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: ['p', 'br', 'strong', 'b', 'em', 'i', 'u', 'small', 'code', 'ul', 'ol', 'li', 'span', 'a'],
  allowedAttributes: { a: ['href', 'title', 'target', 'rel'] },
  allowedSchemes: ['https', 'http', 'mailto'],
  allowProtocolRelative: false,
  disallowedTagsMode: 'discard',
  transformTags: { a: safeLink },
};

/**
 * Notices are longer documents: the same inline tags plus headings (h1 becomes h2, the page keeps
 * its own h1), quotes, preformatted text, rules and simple tables. Still no images (the CSP
 * allows none from elsewhere), forms, frames, scripts, styles or attributes beyond a link's.
 */
const NOTICE_OPTIONS: sanitizeHtml.IOptions = {
  ...OPTIONS,
  allowedTags: [
    ...(OPTIONS.allowedTags as string[]),
    'h2',
    'h3',
    'h4',
    's',
    'blockquote',
    'pre',
    'hr',
    'table',
    'thead',
    'tbody',
    'tr',
    'th',
    'td',
  ],
  allowedAttributes: { ...OPTIONS.allowedAttributes, th: ['colspan', 'rowspan'], td: ['colspan', 'rowspan'] },
  transformTags: { a: safeLink, h1: 'h2', h5: 'h4', h6: 'h4', strike: 's', del: 's' },
};

/** Catalogue HTML as it may reach the browser: a few text tags, safe links, no scripts or styles. */
export function sanitize(html: string): string {
  return sanitizeHtml(html, OPTIONS).trim();
}

/** Notice HTML as it may reach the browser: sanitize()'s rules with a document's block tags. */
export function sanitizeNotice(html: string): string {
  return sanitizeHtml(html, NOTICE_OPTIONS).trim();
}

// Block boundaries that must separate words once the tags are gone.
const BLOCK_TAG = /<\/?(?:p|br|li|h[1-6]|blockquote|pre|hr|tr|td|th|table|ul|ol|div)\b[^>]*>/gi;

/** The words of sanitised HTML as plain text on one line: tags gone, entities decoded, blocks spaced. */
export function plainText(safeHtml: string): string {
  const text = sanitizeHtml(safeHtml.replace(BLOCK_TAG, ' $&'), { allowedTags: [], allowedAttributes: {} });
  // sanitize-html escapes the text it keeps (& < > only, outside attributes): undo exactly that.
  return text.replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&amp;/g, '&').replace(/\s+/g, ' ').trim();
}
