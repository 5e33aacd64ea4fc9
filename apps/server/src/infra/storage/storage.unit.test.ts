import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { text } from 'node:stream/consumers';
import { afterAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../config/env.js';
import { fileStore, newStorageKey, s3Configured } from './storage.js';

const S3 = {
  S3_ENDPOINT: 'http://127.0.0.1:9000',
  S3_BUCKET: 'files',
  S3_ACCESS_KEY_ID: 'id',
  S3_SECRET_ACCESS_KEY: 'secret',
};

describe('the S3_* settings', () => {
  it('are all four or none', () => {
    expect(() => loadConfig({ S3_BUCKET: 'files' })).toThrow(
      /S3_ENDPOINT, S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY: needed with the other S3_\* settings/,
    );
    expect(() => loadConfig({ ...S3, S3_ENDPOINT: 'ftp://x' })).toThrow(/S3_ENDPOINT/);
    expect(s3Configured(loadConfig({}))).toBe(false);
    const c = loadConfig(S3);
    expect([s3Configured(c), c.S3_REGION, c.S3_FORCE_PATH_STYLE]).toEqual([true, 'us-east-1', false]);
    expect(loadConfig({ ...S3, S3_FORCE_PATH_STYLE: 'true' }).S3_FORCE_PATH_STYLE).toBe(true);
  });
});

describe('the file store', () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'nimbus-store-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('puts, gets and deletes bytes by key; a missing key is an error to read and none to delete', async () => {
    const store = fileStore(path.join(dir, 'attachments'));
    const key = newStorageKey();
    await store.put(key, Buffer.from('hello'), 'text/plain');
    expect(await text(await store.get(key))).toBe('hello');
    await store.delete(key);
    await expect(store.get(key)).rejects.toMatchObject({ code: 'ENOENT' });
    await store.delete(key);
    await expect(store.put('../../etc/passwd', Buffer.from('x'), 'text/plain')).rejects.toThrow('bad attachment key');
  });
});
