import type { Locale, Notice, NoticeList, NoticeReadFilter, NoticeReadResult, NoticeSummary } from '@nimbus/contract';
import type { Context } from '../../infra/lib/context.js';
import { AppError } from '../../infra/lib/errors.js';
import { sanitizeNotice } from '../catalog/index.js';
import { notices, versionOf, type CustomerNoticeRow, type Page } from './repository.js';

// A withdrawn notice is "not found", exactly like one that never existed.
const notFound = () => new AppError('db_no_record', 404);

function toSummary(row: CustomerNoticeRow, locale: Locale): NoticeSummary {
  const v = versionOf(row, locale);
  return {
    Id: row.id,
    Title: v.title,
    Summary: v.summary,
    PublishedAt: row.published_at.toISOString(),
    Read: row.read,
    Pinned: row.pinned,
  };
}

/** One page of the published notices for the customer, pinned first, then newest first. */
export async function listNotices(
  ctx: Context,
  userId: number,
  q: Page & { status?: NoticeReadFilter },
  locale: Locale,
): Promise<NoticeList> {
  const { total, unread, rows } = await notices.listFor(ctx.db, userId, q);
  return { Total: total, Unread: unread, Items: rows.map((r) => toSummary(r, locale)) };
}

/**
 * A published notice with its content. The HTML was sanitised when it was written and is again
 * here, so nothing stored any other way (or under older rules) reaches a browser unsanitised.
 */
export async function getNotice(ctx: Context, userId: number, id: number, locale: Locale): Promise<Notice> {
  const row = await notices.getFor(ctx.db, userId, id);
  if (!row) throw notFound();
  return { ...toSummary(row, locale), Content: sanitizeNotice(versionOf(row, locale).content) };
}

/** Marks a notice read for this customer (others keep their own marks); answers what is left unread. */
export async function readNotice(ctx: Context, userId: number, id: number): Promise<NoticeReadResult> {
  if (!(await notices.markRead(ctx.db, userId, id))) throw notFound();
  return { Unread: await notices.unreadCount(ctx.db, userId) };
}

export async function readAllNotices(ctx: Context, userId: number): Promise<NoticeReadResult> {
  await notices.markAllRead(ctx.db, userId);
  return { Unread: await notices.unreadCount(ctx.db, userId) };
}
