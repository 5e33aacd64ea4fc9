import { randomBytes } from 'node:crypto';
import { mkdir, open, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Config } from '../config/env.js';
import type { AttachmentStore } from './store.js';

export type { AttachmentStore };

/** A new storage key: random, so it says nothing about the customer or the file. */
export const newStorageKey = () => randomBytes(16).toString('hex');

/** Files under `dir`, two hex characters of fan-out; written to a temporary name, then renamed. */
export function fileStore(dir: string): AttachmentStore {
  const fileOf = (key: string) => {
    if (!/^[0-9a-f]{32}$/.test(key)) throw new Error('bad attachment key');
    return path.join(dir, key.slice(0, 2), key);
  };
  return {
    kind: 'files',
    async put(key, bytes) {
      const file = fileOf(key);
      await mkdir(path.dirname(file), { recursive: true });
      const tmp = `${file}.${randomBytes(4).toString('hex')}.tmp`;
      await writeFile(tmp, bytes, { mode: 0o600 });
      await rename(tmp, file);
    },
    async get(key) {
      // Opened first, so a missing file rejects here rather than failing the stream mid-answer.
      const handle = await open(fileOf(key), 'r');
      return handle.createReadStream();
    },
    async delete(key) {
      await rm(fileOf(key), { force: true });
    },
  };
}

/** Whether S3_* names a bucket (env.ts checks that the four required ones come together). */
export const s3Configured = (c: Config) =>
  !!(c.S3_ENDPOINT && c.S3_BUCKET && c.S3_ACCESS_KEY_ID && c.S3_SECRET_ACCESS_KEY);

const stores = new WeakMap<Config, Promise<AttachmentStore>>();

/**
 * The process's attachment store for a configuration: the bucket when S3_* is set (the S3 client
 * is loaded only then), else DATA_DIR/attachments, whatever the database.
 */
export function attachmentStore(config: Config): Promise<AttachmentStore> {
  let store = stores.get(config);
  if (!store) {
    store = s3Configured(config)
      ? import('./storage-s3.js').then((m) => m.s3Store(config))
      : Promise.resolve(fileStore(path.resolve(config.DATA_DIR, 'attachments')));
    stores.set(config, store);
  }
  return store;
}
