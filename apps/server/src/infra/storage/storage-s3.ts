import type { Readable } from 'node:stream';
import type { Config } from '../config/env.js';
import type { AttachmentStore } from './store.js';

/** Objects are kept under this prefix, so the bucket can hold other things. */
const PREFIX = 'ticket-attachments/';

/**
 * An S3-compatible bucket (AWS S3, MinIO, Ceph, R2…), signed with SigV4 by the AWS SDK. The SDK is
 * imported here, not at the top: bundled (scripts/bundle.mjs), this file's static imports would
 * load with every start of the console and the CLI, S3 configured or not.
 */
export async function s3Store(c: Config): Promise<AttachmentStore> {
  const { DeleteObjectCommand, GetObjectCommand, PutObjectCommand, S3Client } = await import('@aws-sdk/client-s3');
  const client = new S3Client({
    endpoint: c.S3_ENDPOINT,
    region: c.S3_REGION,
    forcePathStyle: c.S3_FORCE_PATH_STYLE,
    credentials: { accessKeyId: c.S3_ACCESS_KEY_ID!, secretAccessKey: c.S3_SECRET_ACCESS_KEY! },
    // Checksums only where S3 requires them: many S3-compatible servers refuse the SDK's newer
    // default (CRC32 headers and trailers on every upload).
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  });
  const Bucket = c.S3_BUCKET!;
  return {
    kind: 's3',
    async put(key, bytes, contentType) {
      await client.send(new PutObjectCommand({ Bucket, Key: PREFIX + key, Body: bytes, ContentType: contentType }));
    },
    async get(key) {
      const res = await client.send(new GetObjectCommand({ Bucket, Key: PREFIX + key }));
      return res.Body as Readable;
    },
    async delete(key) {
      await client.send(new DeleteObjectCommand({ Bucket, Key: PREFIX + key }));
    },
  };
}
