import { statfs } from 'node:fs/promises';
import path from 'node:path';
import type { Context } from '../../infra/lib/context.js';
import { AppError } from '../../infra/lib/errors.js';
import type { AttachmentStore } from '../../infra/storage/storage.js';

const MiB = 1024 * 1024;

/** The bytes free to this process on the disk of `dir` (or of its nearest existing parent). */
async function freeBytes(dir: string): Promise<number> {
  for (let at = path.resolve(dir); ; at = path.dirname(at)) {
    try {
      const s = await statfs(at);
      return s.bavail * s.bsize;
    } catch (e) {
      if ((e as { code?: string }).code !== 'ENOENT' || path.dirname(at) === at) throw e;
    }
  }
}

/**
 * 507 `storage_full` (an extension of the error catalogue, docs/product/tickets.md#attachments),
 * after telling the operator why.
 */
export function storageFull(ctx: Pick<Context, 'log'>, why: string): AppError {
  ctx.log.warn(`an upload was refused: ${why}`);
  return new AppError('storage_full', 507);
}

/**
 * Refuses bytes bound for DATA_DIR/attachments that would leave DATA_DIR's disk less than
 * DATA_DIR_MIN_FREE_MB free: that disk may also hold PostgreSQL (embedded), which stops when it
 * cannot write. Uploads to S3 do not touch the disk and are not checked.
 */
export async function assertDiskRoom(
  ctx: Pick<Context, 'config' | 'log'>,
  store: AttachmentStore,
  bytes: number,
): Promise<void> {
  const floor = ctx.config.DATA_DIR_MIN_FREE_MB * MiB;
  if (store.kind !== 'files' || floor === 0) return;
  const free = await freeBytes(ctx.config.DATA_DIR);
  if (free - bytes < floor) {
    throw storageFull(
      ctx,
      `DATA_DIR's disk has ${Math.floor(free / MiB)} MB free, DATA_DIR_MIN_FREE_MB keeps ${ctx.config.DATA_DIR_MIN_FREE_MB} MB`,
    );
  }
}
