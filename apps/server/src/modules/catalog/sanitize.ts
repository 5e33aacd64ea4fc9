import sanitizeHtml from 'sanitize-html';

const OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: ['p', 'br', 'strong', 'b', 'em', 'i', 'u', 'small', 'code', 'ul', 'ol', 'li', 'span', 'a'],
  allowedAttributes: { a: ['href', 'title', 'target', 'rel'] },
  allowedSchemes: ['https', 'http', 'mailto'],
  allowProtocolRelative: false,
  disallowedTagsMode: 'discard',
  transformTags: {
    // Links leave the console in a new tab and pass nothing to the other site.
    a: sanitizeHtml.simpleTransform('a', { target: '_blank', rel: 'noopener noreferrer nofollow' }),
  },
};

/** Catalogue and notice HTML as it may reach the browser: a few text tags, safe links, no scripts or styles. */
export function sanitize(html: string): string {
  return sanitizeHtml(html, OPTIONS).trim();
}
