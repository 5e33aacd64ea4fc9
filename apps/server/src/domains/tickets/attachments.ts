import type { Readable } from 'node:stream';
import { TICKET_LIMITS, type TicketAttachment } from '@nimbus/contract';
import { withTx } from '../../infra/db/pool.js';
import type { Context } from '../../infra/lib/context.js';
import { AppError, badRequest } from '../../infra/lib/errors.js';
import type { Rule } from '../../infra/throttle/throttle.js';
import { attachments, type AttachmentRow, type Uploader } from './attachments-repository.js';
import { notFound } from './conversation.js';
import { detectType, displayName } from './detect.js';
import { toAttachment } from './present.js';
import { assertDiskRoom, storageFull } from './disk-room.js';
import { attachmentStore, newStorageKey } from '../../infra/storage/storage.js';

/** Uploads one customer may make in an hour. */
export const UPLOAD_RULE: Rule = { limit: 60, windowSeconds: 3600, scope: 'account' };

/** Uploads waiting for a message, per uploader: enough for a few messages' worth of changes of mind. */
export const MAX_PENDING_UPLOADS = TICKET_LIMITS.attachmentsPerMessage * 4;

/** Uploads no message named within this many hours are removed. */
export const UNLINKED_TTL_HOURS = 24;

type Deps = Pick<Context, 'config' | 'db' | 'throttle' | 'log'>;

const MiB = 1024 * 1024;

/**
 * Keeps an upload until a ticket or reply names it: its type is judged by its bytes (field `file`:
 * `attachment_type`), its size and the uploader's waiting uploads are limited, a customer's
 * attachments together stay within ATTACHMENT_QUOTA_MB (409 `quota_exceeded`, `attachment_quota`),
 * and bytes bound for DATA_DIR leave its disk DATA_DIR_MIN_FREE_MB free (507 `storage_full`). Every
 * count is taken in PostgreSQL under the uploader's lock, so the limits hold across replicas.
 */
export async function uploadAttachment(
  ctx: Deps,
  uploader: Uploader,
  file: { bytes: Buffer; filename: string | undefined },
): Promise<TicketAttachment> {
  if (uploader.kind === 'customer') await ctx.throttle.enforce(`ticket:upload:${uploader.userId}`, UPLOAD_RULE);
  if (file.bytes.length === 0) throw badRequest({ file: 'required' });
  if (file.bytes.length > TICKET_LIMITS.attachmentMaxBytes) throw badRequest({ file: 'attachment_too_large' });
  const contentType = detectType(file.bytes);
  if (!contentType) throw badRequest({ file: 'attachment_type' });
  const store = await attachmentStore(ctx.config);
  await assertDiskRoom(ctx, store, file.bytes.length);
  const storageKey = newStorageKey();
  await store.put(storageKey, file.bytes, contentType).catch(async (e: unknown) => {
    // A disk that filled up all the same (the floor is off, or another writer got there first).
    if ((e as { code?: string }).code !== 'ENOSPC') throw e;
    await store.delete(storageKey).catch(() => undefined);
    throw storageFull(ctx, 'a write to DATA_DIR failed: no space left on the disk');
  });
  try {
    const row = await withTx(ctx.db, async (tx) => {
      // One uploader's uploads are counted and added one at a time, so concurrent uploads cannot
      // all pass the count before any is added.
      await attachments.lockUploader(tx, uploaderKey(uploader));
      if ((await attachments.pending(tx, uploader)) >= MAX_PENDING_UPLOADS) {
        throw badRequest({ file: 'too_many_attachments' });
      }
      const quota = ctx.config.ATTACHMENT_QUOTA_MB * MiB;
      if (uploader.kind === 'customer' && quota > 0) {
        if ((await attachments.bytesOf(tx, uploader.userId)) + file.bytes.length > quota) {
          throw new AppError('quota_exceeded', 409, { file: 'attachment_quota' });
        }
      }
      return attachments.insert(tx, uploader, {
        storageKey,
        name: displayName(file.filename),
        size: file.bytes.length,
        contentType,
      });
    });
    return toAttachment(row);
  } catch (e) {
    await store.delete(storageKey).catch(() => undefined);
    throw e;
  }
}

const uploaderKey = (u: Uploader) => (u.kind === 'customer' ? `customer:${u.userId}` : `staff:${u.tokenId}`);

/** An attachment the reader may see (see attachments.readable) and its bytes; else db_no_record. */
export async function openAttachment(
  ctx: Pick<Context, 'config' | 'db'>,
  reader: Uploader,
  id: number,
): Promise<{ row: AttachmentRow; body: Readable }> {
  const row = await attachments.readable(ctx.db, id, reader);
  if (!row) throw notFound();
  const store = await attachmentStore(ctx.config);
  return { row, body: await store.get(row.storage_key) };
}

/**
 * Removes uploads no message named within UNLINKED_TTL_HOURS: their rows first (a batch is locked
 * while it goes, and messages link only younger uploads), then, once that is committed, their bytes.
 * Bytes whose removal fails are left behind unreferenced, never a row without its bytes.
 */
export async function removeStaleUploads(ctx: Pick<Context, 'config' | 'db'>, hours = UNLINKED_TTL_HOURS) {
  const store = await attachmentStore(ctx.config);
  let removed = 0;
  for (;;) {
    const rows = await withTx(ctx.db, async (tx) => {
      const stale = await attachments.stale(tx, hours, 100);
      await attachments.delete(
        tx,
        stale.map((r) => r.id),
      );
      return stale;
    });
    for (const r of rows) await store.delete(r.storage_key).catch(() => undefined);
    removed += rows.length;
    if (rows.length < 100) return removed;
  }
}
