import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { TicketType } from '@nimbus/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, signUp } from '../../../test/api.js';
import { startHarness, type Harness } from '../../../test/harness.js';
import { S3StandIn } from '../../../test/s3-stand-in.js';
import { opened, pngBytes, SAMPLES, ticketType, uploadAs, uploaded } from '../../../test/ticket-helpers.js';
import { removeStaleUploads } from './attachments.js';

let h: Harness;
let s3: S3StandIn;
let dataDir: string;
let type: TicketType;
beforeAll(async () => {
  s3 = await new S3StandIn('nimbus-files', 'AKIDNIMBUSTEST', 'stand-in-secret-key', 'eu-central-1').start();
  dataDir = mkdtempSync(path.join(tmpdir(), 'nimbus-s3-'));
  h = await startHarness({
    DATA_DIR: dataDir,
    S3_ENDPOINT: s3.endpoint,
    S3_BUCKET: 'nimbus-files',
    S3_ACCESS_KEY_ID: 'AKIDNIMBUSTEST',
    S3_SECRET_ACCESS_KEY: 'stand-in-secret-key',
    S3_REGION: 'eu-central-1',
    S3_FORCE_PATH_STYLE: 'true',
  });
  type = await ticketType(h);
});
afterAll(async () => {
  await h.close();
  await s3.stop();
  rmSync(dataDir, { recursive: true, force: true });
});

const storageKey = async (id: number) =>
  (await h.db.query<{ storage_key: string }>('select storage_key from ticket_attachments where id = $1', [id])).rows[0]!
    .storage_key;

describe('attachments in S3-compatible storage', () => {
  it('are put, read and deleted in the bucket with signed requests, never on local disk', async () => {
    const u = await signUp(h);
    const bytes = pngBytes(4, 4);
    const a = await uploaded(h, u.ssid, 'shot.png', bytes);
    const object = `ticket-attachments/${await storageKey(a.Id)}`;
    expect(s3.objects.get(object)).toEqual({ body: bytes, contentType: 'image/png' });
    expect(s3.log.at(-1)).toEqual({ method: 'PUT', key: object, status: 200, signedPayload: true });
    expect(existsSync(path.join(dataDir, 'attachments'))).toBe(false);

    const t = await opened(h, u.ssid, { Title: 't', TypeId: type.Id, Content: 'c', AttachmentIds: [a.Id] });
    const res = await h.app.inject({
      method: 'GET',
      url: `/api/ticket/attachment?id=${t.Attachments[0]!.Id}`,
      headers: { ssid: u.ssid },
    });
    expect([res.statusCode, res.headers['content-type']]).toEqual([200, 'image/png']);
    expect(res.rawPayload.equals(bytes)).toBe(true);

    const stale = await uploaded(h, u.ssid, 'old.txt', SAMPLES.text);
    const staleObject = `ticket-attachments/${await storageKey(stale.Id)}`;
    await h.db.query("update ticket_attachments set created_at = now() - interval '2 days' where id = $1", [stale.Id]);
    expect(await removeStaleUploads(h.ctx)).toBe(1);
    expect(s3.objects.has(staleObject)).toBe(false);
    expect(s3.objects.has(object)).toBe(true);
    expect(s3.log.filter((r) => r.key === staleObject).map((r) => [r.method, r.status])).toEqual([
      ['PUT', 200],
      ['DELETE', 204],
    ]);
  });

  it('refuse an upload the bucket does not take, keeping no record of it', async () => {
    const u = await signUp(h);
    const before = await h.db.query('select count(*)::int as n from ticket_attachments');
    s3.secretAccessKey = 'rotated-at-the-provider';
    try {
      const r = await uploadAs(h, u.ssid, 'a.png', pngBytes());
      expect([r.status, r.body.code]).toEqual([500, 'internal_error']);
      expect(s3.log.at(-1)).toMatchObject({ method: 'PUT', status: 403 });
    } finally {
      s3.secretAccessKey = 'stand-in-secret-key';
    }
    expect(await h.db.query('select count(*)::int as n from ticket_attachments')).toMatchObject({ rows: before.rows });
    expect((await call(h, 'GET', '/api/tickets', { ssid: u.ssid })).status).toBe(200);
  });

  it('answer a missing object as an error, not an empty file', async () => {
    const u = await signUp(h);
    const a = await uploaded(h, u.ssid, 'gone.png', pngBytes());
    s3.objects.delete(`ticket-attachments/${await storageKey(a.Id)}`);
    const res = await h.app.inject({
      method: 'GET',
      url: `/api/ticket/attachment?id=${a.Id}`,
      headers: { ssid: u.ssid },
    });
    expect(res.statusCode).toBe(500);
    expect(res.json().code).toBe('internal_error');
  });
});
