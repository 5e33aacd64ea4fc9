import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { TICKET_LIMITS, type TicketList, type TicketMessage, type TicketType } from '@nimbus/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, signUp } from '../../../test/api.js';
import { startHarness, type Harness } from '../../../test/harness.js';
import { opened, pngBytes, SAMPLES, ticketType, uploadAs, uploaded, upload } from '../../../test/ticket-helpers.js';
import { MAX_PENDING_UPLOADS, removeStaleUploads } from './attachments.js';

let h: Harness;
let dataDir: string;
let type: TicketType;
beforeAll(async () => {
  dataDir = mkdtempSync(path.join(tmpdir(), 'nimbus-attachments-'));
  // A DATABASE_URL-style setup (the harness's own database): attachments still go under DATA_DIR.
  h = await startHarness({ AUTH_RATE_LIMIT_SCALE: '50', DATA_DIR: dataDir });
  type = await ticketType(h, 'Technical support');
});
afterAll(async () => {
  await h.close();
  rmSync(dataDir, { recursive: true, force: true });
});

const storedFiles = () =>
  existsSync(path.join(dataDir, 'attachments'))
    ? readdirSync(path.join(dataDir, 'attachments'), { recursive: true, withFileTypes: true }).filter((e) => e.isFile())
    : [];
const download = (ssid: string, id: number) =>
  h.app.inject({ method: 'GET', url: `/api/ticket/attachment?id=${id}`, headers: { ssid } });

describe('uploads are judged by their bytes', () => {
  it.each([
    ['a PNG renamed .txt', 'screenshot.txt', pngBytes(), 'image/png'],
    ['a GIF', 'spinner.gif', SAMPLES.gif, 'image/gif'],
    ['a JPEG without extension', 'photo', SAMPLES.jpeg, 'image/jpeg'],
    ['a WebP', 'x.webp', SAMPLES.webp, 'image/webp'],
    ['a PDF called .png', 'invoice.png', SAMPLES.pdf, 'application/pdf'],
    ['UTF-8 text with tabs and CRLF', 'dmesg.log', SAMPLES.text, 'text/plain'],
  ])('takes %s as %s', async (_, name, bytes, contentType) => {
    const u = await signUp(h);
    const r = await uploadAs(h, u.ssid, name, bytes, 'image/png');
    expect([r.status, r.body.data]).toEqual([
      200,
      { Id: expect.any(Number), Name: name, Size: bytes.length, ContentType: contentType },
    ]);
  });

  it.each([
    ['an HTML page called .png', 'cat.png', Buffer.from('<!DOCTYPE html><script>alert(1)</script>')],
    ['HTML after white space', 'notes.txt', Buffer.from('\n  <html><body>hi</body></html>')],
    ['an SVG image', 'logo.svg', Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script/></svg>')],
    ['XML', 'data.txt', Buffer.from('<?xml version="1.0"?><a/>')],
    ['a program', 'setup.exe', Buffer.from([0x4d, 0x5a, 0x90, 0x00, 0x03, 0x00])],
    ['text with a NUL', 'a.txt', Buffer.from('abc\u0000def')],
    ['text with an escape sequence', 'a.txt', Buffer.from('red \u001b[31m alert')],
    ['Latin-1 that is not UTF-8', 'a.txt', Buffer.from([0x63, 0x61, 0x66, 0xe9])],
  ])('refuses %s with attachment_type', async (_, name, bytes) => {
    const u = await signUp(h);
    const r = await uploadAs(h, u.ssid, name, bytes, 'image/png');
    expect([r.status, r.body.code, r.body.fields]).toEqual([400, 'parse_data_error', { file: 'attachment_type' }]);
  });

  it('refuses an empty file, another field, or a body that is not multipart', async () => {
    const u = await signUp(h);
    expect((await uploadAs(h, u.ssid, 'empty.txt', Buffer.alloc(0))).body.fields).toEqual({ file: 'required' });
    const field = await upload(
      h,
      '/api/ticket/attachment',
      { ssid: u.ssid },
      { name: 'a.png', bytes: pngBytes(), field: 'image' },
    );
    expect([field.status, field.body.fields]).toEqual([400, { file: 'required' }]);
    const json = await call(h, 'POST', '/api/ticket/attachment', { ssid: u.ssid, body: { file: 'x' } });
    expect([json.status, json.body.fields]).toEqual([400, { file: 'required' }]);
    const anonymous = await upload(h, '/api/ticket/attachment', {}, { name: 'a.png', bytes: pngBytes() });
    expect([anonymous.status, anonymous.body.code]).toEqual([401, 'need_login']);
  });

  it(`takes ${TICKET_LIMITS.attachmentMaxBytes} bytes and refuses one more with attachment_too_large`, async () => {
    const u = await signUp(h);
    const max = Buffer.alloc(TICKET_LIMITS.attachmentMaxBytes, 'a');
    expect((await uploadAs(h, u.ssid, 'big.txt', max)).body.data.Size).toBe(TICKET_LIMITS.attachmentMaxBytes);
    const before = storedFiles().length;
    const over = await uploadAs(h, u.ssid, 'bigger.txt', Buffer.alloc(TICKET_LIMITS.attachmentMaxBytes + 1, 'a'));
    expect([over.status, over.body.fields]).toEqual([400, { file: 'attachment_too_large' }]);
    expect(storedFiles()).toHaveLength(before);
  });

  it(`keeps at most ${MAX_PENDING_UPLOADS} uploads waiting for a message per customer`, async () => {
    const u = await signUp(h);
    const ids = [];
    for (let i = 0; i < MAX_PENDING_UPLOADS; i++) ids.push((await uploaded(h, u.ssid, `${i}.txt`, SAMPLES.text)).Id);
    const r = await uploadAs(h, u.ssid, 'more.txt', SAMPLES.text);
    expect([r.status, r.body.fields]).toEqual([400, { file: 'too_many_attachments' }]);
    // Sending some frees room.
    await opened(h, u.ssid, { Title: 't', TypeId: type.Id, Content: 'c', AttachmentIds: ids.slice(0, 2) });
    expect((await uploadAs(h, u.ssid, 'more.txt', SAMPLES.text)).status).toBe(200);
  });

  it(`keeps that limit when the uploads come all at once`, async () => {
    const u = await signUp(h);
    const all = await Promise.all(
      Array.from({ length: MAX_PENDING_UPLOADS + 10 }, (_, i) => uploadAs(h, u.ssid, `${i}.txt`, SAMPLES.text)),
    );
    expect(all.filter((r) => r.status === 200)).toHaveLength(MAX_PENDING_UPLOADS);
    expect(all.filter((r) => r.body.fields?.file === 'too_many_attachments')).toHaveLength(10);
  });

  it('refuses two files in one upload', async () => {
    const u = await signUp(h);
    const boundary = '----nimbus-two';
    const part = (name: string) =>
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${name}"\r\nContent-Type: text/plain\r\n\r\nhello\r\n`;
    const res = await h.app.inject({
      method: 'POST',
      url: '/api/ticket/attachment',
      payload: `${part('a.txt')}${part('b.txt')}--${boundary}--\r\n`,
      headers: { 'content-type': `multipart/form-data; boundary=${boundary}`, ssid: u.ssid },
    });
    expect([res.statusCode, res.json().fields]).toEqual([400, { file: 'too_many_attachments' }]);
  });

  it('takes 60 uploads an hour from one customer, then 429', async () => {
    const u = await signUp(h);
    // Refused uploads count too: the limit is on what the customer sends.
    for (let i = 0; i < 60; i++) expect((await uploadAs(h, u.ssid, 'e.txt', Buffer.alloc(0))).status).toBe(400);
    const r = await uploadAs(h, u.ssid, 'a.png', pngBytes());
    expect([r.status, r.body.code]).toEqual([429, 'rate_limit_exceeded']);
  });
});

describe('attachments on tickets and replies', () => {
  it('links uploads to the opening message and to replies, where the conversation shows them', async () => {
    const u = await signUp(h);
    const shot = await uploaded(h, u.ssid, 'shot.png', pngBytes());
    const log = await uploaded(h, u.ssid, 'boot.log', SAMPLES.text);
    const t = await opened(h, u.ssid, {
      Title: 'Boot loop',
      TypeId: type.Id,
      Content: 'See files',
      AttachmentIds: [shot.Id, log.Id],
    });
    expect(t.Attachments).toEqual([shot, log]);
    const pdf = await uploaded(h, u.ssid, 'report.pdf', SAMPLES.pdf);
    const reply = await call<TicketMessage>(h, 'POST', '/api/ticket/reply', {
      ssid: u.ssid,
      body: { Id: t.Id, Content: 'One more', AttachmentIds: [pdf.Id, pdf.Id] },
    });
    expect(reply.body.data.Attachments).toEqual([pdf]);
    const msgs = (await call<TicketMessage[]>(h, 'GET', `/api/ticket/msgs?id=${t.Id}`, { ssid: u.ssid })).body.data;
    expect(msgs.map((m) => m.Attachments)).toEqual([[shot, log], [pdf]]);
  });

  it('refuses an upload already sent, or another customer’s, and writes nothing', async () => {
    const u = await signUp(h);
    const other = await signUp(h);
    const used = await uploaded(h, u.ssid, 'a.png', pngBytes());
    const t = await opened(h, u.ssid, { Title: 't', TypeId: type.Id, Content: 'c', AttachmentIds: [used.Id] });
    const theirs = await uploaded(h, other.ssid, 'b.png', pngBytes());
    const fresh = await uploaded(h, u.ssid, 'c.png', pngBytes());
    for (const AttachmentIds of [[used.Id], [fresh.Id, theirs.Id]]) {
      const add = await call(h, 'POST', '/api/ticket/add', {
        ssid: u.ssid,
        body: { Title: 't2', TypeId: type.Id, Content: 'c', AttachmentIds },
      });
      expect([add.status, add.body.fields]).toEqual([400, { AttachmentIds: 'invalid_value' }]);
      const reply = await call(h, 'POST', '/api/ticket/reply', {
        ssid: u.ssid,
        body: { Id: t.Id, Content: 'c', AttachmentIds },
      });
      expect([reply.status, reply.body.fields]).toEqual([400, { AttachmentIds: 'invalid_value' }]);
    }
    expect((await call<TicketList>(h, 'GET', '/api/tickets', { ssid: u.ssid })).body.data.Total).toBe(1);
    expect(
      (await call<TicketMessage[]>(h, 'GET', `/api/ticket/msgs?id=${t.Id}`, { ssid: u.ssid })).body.data,
    ).toHaveLength(1);
    // The refused upload is still the customer's to send.
    const later = await opened(h, u.ssid, { Title: 't3', TypeId: type.Id, Content: 'c', AttachmentIds: [fresh.Id] });
    expect(later.Attachments).toEqual([fresh]);
  });
});

describe('downloads', () => {
  it('serve the bytes to their owner as a download of the detected type that no browser renders', async () => {
    const u = await signUp(h);
    const bytes = pngBytes(3, 3);
    const a = await uploaded(h, u.ssid, 'screen shot.txt', bytes);
    const t = await opened(h, u.ssid, { Title: 't', TypeId: type.Id, Content: 'c', AttachmentIds: [a.Id] });
    const res = await download(u.ssid, t.Attachments[0]!.Id);
    expect(res.statusCode).toBe(200);
    expect(res.rawPayload.equals(bytes)).toBe(true);
    expect(res.headers).toMatchObject({
      'content-type': 'image/png',
      'content-length': String(bytes.length),
      'content-disposition': `attachment; filename="screen shot.txt.png"; filename*=UTF-8''screen%20shot.txt.png`,
      'x-content-type-options': 'nosniff',
      'cache-control': 'private, no-store',
    });
    expect(String(res.headers['content-security-policy'])).toMatch(/^sandbox(;|$)/);
  });

  it('give text as UTF-8, under the file’s own name without folders, safe in the header', async () => {
    const u = await signUp(h);
    const a = await uploaded(h, u.ssid, 'C:\\logs\\错误 日志;\t1.log', SAMPLES.text);
    expect(a.Name).toBe('错误 日志;1.log');
    const res = await download(u.ssid, a.Id);
    expect(res.headers['content-type']).toBe('text/plain; charset=utf-8');
    expect(res.headers['content-disposition']).toBe(
      `attachment; filename="__ ___1.log"; filename*=UTF-8''%E9%94%99%E8%AF%AF%20%E6%97%A5%E5%BF%97%3B1.log`,
    );
    expect(res.body).toBe(SAMPLES.text.toString());
  });

  it('are not found for another customer, an unknown id or no session', async () => {
    const u = await signUp(h);
    const other = await signUp(h);
    const a = await uploaded(h, u.ssid, 'a.png', pngBytes());
    const sent = await uploaded(h, u.ssid, 'b.png', pngBytes());
    await opened(h, u.ssid, { Title: 't', TypeId: type.Id, Content: 'c', AttachmentIds: [sent.Id] });
    for (const res of [
      await download(other.ssid, a.Id),
      await download(other.ssid, sent.Id),
      await download(u.ssid, a.Id + 1_000_000),
    ]) {
      expect([res.statusCode, res.json().code, res.headers['content-type']]).toEqual([
        404,
        'db_no_record',
        'application/json; charset=utf-8',
      ]);
    }
    const anonymous = await h.app.inject({ method: 'GET', url: `/api/ticket/attachment?id=${a.Id}` });
    expect(anonymous.statusCode).toBe(401);
  });
});

describe('uploads never sent', () => {
  it('are removed with their bytes after a day; sent and recent ones stay', async () => {
    const u = await signUp(h);
    const stale = await uploaded(h, u.ssid, 'stale.png', pngBytes());
    const recent = await uploaded(h, u.ssid, 'recent.png', pngBytes());
    const sentOld = await uploaded(h, u.ssid, 'sent.png', pngBytes());
    await opened(h, u.ssid, { Title: 't', TypeId: type.Id, Content: 'c', AttachmentIds: [sentOld.Id] });
    await h.db.query("update ticket_attachments set created_at = now() - interval '25 hours' where id = any($1)", [
      [stale.Id, sentOld.Id],
    ]);
    const key = (id: number) =>
      h.db.query<{ storage_key: string }>('select storage_key from ticket_attachments where id = $1', [id]);
    const staleKey = (await key(stale.Id)).rows[0]!.storage_key;
    expect(storedFiles().map((f) => f.name)).toContain(staleKey);

    expect(await removeStaleUploads(h.ctx)).toBeGreaterThanOrEqual(1);
    expect(storedFiles().map((f) => f.name)).not.toContain(staleKey);
    expect((await download(u.ssid, stale.Id)).statusCode).toBe(404);
    expect((await download(u.ssid, recent.Id)).statusCode).toBe(200);
    expect((await download(u.ssid, sentOld.Id)).statusCode).toBe(200);
    const late = await call(h, 'POST', '/api/ticket/add', {
      ssid: u.ssid,
      body: { Title: 't', TypeId: type.Id, Content: 'c', AttachmentIds: [stale.Id] },
    });
    expect(late.body.fields).toEqual({ AttachmentIds: 'invalid_value' });
  });
});
