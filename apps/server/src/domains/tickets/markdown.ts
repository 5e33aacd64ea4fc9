import { Marked } from 'marked';
import { sanitizeNotice } from '../catalog/index.js';

// One parser of our own: GitHub-flavoured Markdown with single line breaks kept, as staff type them
// in a reply box. Nothing global of `marked` is changed.
const parser = new Marked({ gfm: true, breaks: true, async: false });

/**
 * A staff answer's Markdown as HTML that may reach the browser: parsed, then held to the notices'
 * rules (sanitizeNotice), so raw HTML inside the Markdown, images, scripts and event attributes are
 * dropped and links open in a new tab passing nothing to the other site.
 */
export function staffAnswerHtml(markdown: string): string {
  return sanitizeNotice(parser.parse(markdown) as string);
}
