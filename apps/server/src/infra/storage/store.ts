import type { Readable } from 'node:stream';

/** Where attachment bytes live: files under DATA_DIR, or an S3-compatible bucket. */
export interface AttachmentStore {
  readonly kind: 'files' | 's3';
  put(key: string, bytes: Buffer, contentType: string): Promise<void>;
  /** The stored bytes; rejects when the key holds nothing. */
  get(key: string): Promise<Readable>;
  /** Removes the bytes; a key that holds nothing is no error. */
  delete(key: string): Promise<void>;
}
