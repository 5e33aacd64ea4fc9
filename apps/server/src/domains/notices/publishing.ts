import { createHash } from 'node:crypto';
import {
  IDEMPOTENCY_HEADER,
  LOCALES,
  StaffNoticeAddBody,
  toLocalText,
  type Locale,
  type StaffNotice,
  type StaffNoticeList,
  type NoticeState,
} from '@nimbus/contract';
import * as z from 'zod/mini';
import type { Queryable } from '../../infra/db/pool.js';
import { validationError } from '../../infra/lib/api.js';
import { AppError, badRequest } from '../../infra/lib/errors.js';
import { STAFF_LOCALE } from '../../infra/lib/locale.js';
import { noticeBody } from './excerpt.js';
import { notices, versionOf, type NoticeVersion, type Page, type StaffNoticeRow } from './repository.js';

// What the provider's staff do with notices, through the admin CLI or the staff API alike.

/** Who publishes: an operator token of the staff API (with its Idempotency-Key), or the admin CLI. */
export type Publisher = { staffTokenId: number; key?: string } | 'cli';

export const CLI_AUTHOR = 'admin CLI';

function toStaffNotice(row: StaffNoticeRow): StaffNotice {
  const v = versionOf(row, STAFF_LOCALE);
  return {
    Id: row.id,
    Title: v.title,
    Summary: v.summary,
    Content: v.content,
    Pinned: row.pinned,
    PublishedAt: row.published_at.toISOString(),
    WithdrawnAt: row.withdrawn_at?.toISOString() ?? null,
    Author: row.author ?? CLI_AUTHOR,
    Reads: row.reads,
    Texts: {
      Title: { en_US: row.title, zh_CN: row.title_zh },
      Content: { en_US: row.content, zh_CN: row.content_zh },
    },
  };
}

async function staffNotice(db: Queryable, id: number): Promise<StaffNotice> {
  const row = await notices.getForStaff(db, id);
  if (!row) throw new AppError('db_no_record', 404);
  return toStaffNotice(row);
}

/**
 * Each language's version of a notice to publish: the title as plain text, the content sanitised
 * and summarised. A language with a title needs content with text left once sanitised, and the
 * other way round (`required` on the missing one: `Content`, or `Content.zh_CN` when the input
 * named its languages).
 */
function noticeVersions(input: Pick<StaffNoticeAddBody, 'Title' | 'Content'>): Record<Locale, NoticeVersion> {
  const title = toLocalText(input.Title);
  const content = toLocalText(input.Content);
  const field = (name: 'Title' | 'Content', l: Locale) =>
    typeof input[name] === 'string' && l === 'en_US' ? name : `${name}.${l}`;
  const versions = { en_US: EMPTY, zh_CN: EMPTY };
  for (const l of LOCALES) {
    const t = title[l].trim();
    if (t === '' && content[l] === '') continue;
    const body = noticeBody(content[l]);
    if (t === '') throw badRequest({ [field('Title', l)]: 'required' });
    if (body.text === '') throw badRequest({ [field('Content', l)]: 'required' });
    versions[l] = { title: t, content: body.content, summary: body.summary };
  }
  return versions;
}
const EMPTY: NoticeVersion = { title: '', content: '', summary: '' };

/**
 * Publishes a notice in one language or both (see noticeVersions). The same Idempotency-Key and
 * body from one token publish once.
 */
export async function publishNotice(db: Queryable, input: StaffNoticeAddBody, by: Publisher): Promise<StaffNotice> {
  const parsed = z.safeParse(StaffNoticeAddBody, input);
  if (!parsed.success) throw validationError(parsed.error);
  const values = { versions: noticeVersions(parsed.data), pinned: parsed.data.Pinned };
  const requestHash = createHash('sha256').update(JSON.stringify(parsed.data)).digest();
  const origin =
    by === 'cli'
      ? { staffTokenId: null }
      : { staffTokenId: by.staffTokenId, key: by.key === undefined ? undefined : { text: by.key, requestHash } };
  const stored = await notices.insert(db, values, origin);
  // A retry answers the first notice; the same key with another body is refused, as lib/idempotency does.
  if (!stored.created && !stored.requestHash?.equals(requestHash)) {
    throw badRequest({ [IDEMPOTENCY_HEADER]: 'key_reused' });
  }
  return staffNotice(db, stored.id);
}

/** One page of every notice, newest first, live and withdrawn alike unless `state` narrows it. */
export async function listAllNotices(db: Queryable, q: Page & { state?: NoticeState }): Promise<StaffNoticeList> {
  const { total, rows } = await notices.listForStaff(db, q);
  return { Total: total, Items: rows.map(toStaffNotice) };
}

/**
 * Withdraws a notice: customers no longer see it, its read marks are kept. An unknown id is 404
 * `db_no_record`; one already withdrawn is 409 `wrong_status`.
 */
export async function withdrawNotice(db: Queryable, id: number): Promise<StaffNotice> {
  const result = await notices.withdraw(db, id);
  if (!result) throw new AppError('db_no_record', 404);
  if (!result.withdrawn) throw new AppError('wrong_status', 409);
  return staffNotice(db, id);
}
