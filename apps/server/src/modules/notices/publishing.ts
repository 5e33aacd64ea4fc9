import { createHash } from 'node:crypto';
import {
  IDEMPOTENCY_HEADER,
  StaffNoticeAddBody,
  type StaffNotice,
  type StaffNoticeList,
  type NoticeState,
} from '@nimbus/contract';
import * as z from 'zod/mini';
import type { Queryable } from '../../db/pool.js';
import { validationError } from '../../lib/api.js';
import { AppError, badRequest } from '../../lib/errors.js';
import { noticeBody } from './excerpt.js';
import { notices, type Page, type StaffNoticeRow } from './repository.js';

// What the provider's staff do with notices, through the admin CLI or the staff API alike.

/** Who publishes: an operator token of the staff API (with its Idempotency-Key), or the admin CLI. */
export type Publisher = { staffTokenId: number; key?: string } | 'cli';

export const CLI_AUTHOR = 'admin CLI';

function toStaffNotice(row: StaffNoticeRow): StaffNotice {
  return {
    Id: row.id,
    Title: row.title,
    Summary: row.summary,
    Content: row.content,
    Pinned: row.pinned,
    PublishedAt: row.published_at.toISOString(),
    WithdrawnAt: row.withdrawn_at?.toISOString() ?? null,
    Author: row.author ?? CLI_AUTHOR,
    Reads: row.reads,
  };
}

async function staffNotice(db: Queryable, id: number): Promise<StaffNotice> {
  const row = await notices.getForStaff(db, id);
  if (!row) throw new AppError('db_no_record', 404);
  return toStaffNotice(row);
}

/**
 * Publishes a notice: the title as plain text, the content sanitised (content with no text left
 * once sanitised is `required`). The same Idempotency-Key and body from one token publish once.
 */
export async function publishNotice(db: Queryable, input: StaffNoticeAddBody, by: Publisher): Promise<StaffNotice> {
  const parsed = z.safeParse(StaffNoticeAddBody, input);
  if (!parsed.success) throw validationError(parsed.error);
  const { Title, Content, Pinned } = parsed.data;
  const body = noticeBody(Content);
  if (body.text === '') throw badRequest({ Content: 'required' });
  const values = { title: Title, content: body.content, summary: body.summary, pinned: Pinned };
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
