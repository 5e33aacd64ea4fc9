import { NOTICE_LIMITS } from '@nimbus/contract';
import { plainText, sanitizeNotice } from '../catalog/index.js';

/**
 * At most `max` characters of text for a list: cut after the last whole word when one ends near
 * the limit (text without spaces, such as Chinese, is cut at the limit), then an ellipsis.
 */
export function excerpt(text: string, max: number = NOTICE_LIMITS.summaryMax): string {
  const chars = Array.from(text);
  if (chars.length <= max) return text;
  const head = chars.slice(0, max - 1).join('');
  const wordEnds = /\s/u.test(chars[max - 1]!);
  const space = head.lastIndexOf(' ');
  const cut = !wordEnds && space > 0 && space >= head.length - 40 ? head.slice(0, space) : head;
  return `${cut.replace(/[\s,.;:!?，。；：！？、]+$/u, '')}…`;
}

/** A notice's stored parts: its HTML sanitised and the excerpt of its text. Empty text means no content. */
export function noticeBody(html: string): { content: string; summary: string; text: string } {
  const content = sanitizeNotice(html);
  const text = plainText(content);
  return { content, summary: excerpt(text), text };
}
