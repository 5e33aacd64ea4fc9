import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type {
  StaffTicketType,
  StaffTicket,
  StaffTicketList,
  Ticket,
  TicketAttachment,
  TicketMessage,
  TicketType,
} from '@nimbus/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, signUp } from '../../../test/api.js';
import { startHarness, type Harness } from '../../../test/harness.js';
import { opened, pngBytes, readMail, SAMPLES, ticketType, upload, uploaded } from '../../../test/ticket-helpers.js';
import { OPENAPI_PATH } from '../../infra/http/openapi.js';
import { staffTokens } from '../accounts/index.js';

let h: Harness;
let dir: string;
let type: TicketType;
let desk: string;
const PUBLIC_URL = 'https://cloud.example.com';
beforeAll(async () => {
  dir = mkdtempSync(path.join(tmpdir(), 'nimbus-staff-tickets-'));
  h = await startHarness({ AUTH_RATE_LIMIT_SCALE: '50', DATA_DIR: dir, PUBLIC_URL });
  type = await ticketType(h, 'Technical support');
  desk = (await staffTokens.create(h.db, 'Helpdesk', ['tickets'])).token;
});
afterAll(async () => {
  await h.close();
  rmSync(dir, { recursive: true, force: true });
});

const as = (token: string) => ({
  get: <T>(url: string) => call<T>(h, 'GET', `/api/staff/${url}`, { token }),
  post: <T>(url: string, body: unknown) => call<T>(h, 'POST', `/api/staff/${url}`, { token, body }),
});
const staff = () => as(desk);
const customerTicket = async (over: Record<string, unknown> = {}) => {
  const u = await signUp(h);
  const t = await opened(h, u.ssid, { Title: 'Slow disk', TypeId: type.Id, Content: 'IO wait is high', ...over });
  return { u, t };
};

describe('reading tickets with an operator token', () => {
  it('lists every customer’s tickets with who they belong to, by status, email and page', async () => {
    const a = await customerTicket({ Title: 'A' });
    const b = await customerTicket({ Title: 'B' });
    const all = (await staff().get<StaffTicketList>('tickets?limit=100')).body.data;
    expect(all.Items.slice(0, 2).map((t) => [t.Title, t.Email, t.UserId, t.Assignee])).toEqual([
      ['B', b.u.email, b.u.userId, null],
      ['A', a.u.email, a.u.userId, null],
    ]);
    const mine = (await staff().get<StaffTicketList>(`tickets?email=${encodeURIComponent(a.u.email.toUpperCase())}`))
      .body.data;
    expect([mine.Total, mine.Items.map((t) => t.Id)]).toEqual([1, [a.t.Id]]);
    expect((await staff().get<StaffTicketList>('tickets?email=nobody@example.com')).body.data).toEqual({
      Total: 0,
      Items: [],
    });
    const page = (await staff().get<StaffTicketList>('tickets?limit=1&page=2&status=open')).body.data;
    expect([page.Total, page.Items.map((t) => t.Title)]).toEqual([all.Total, ['A']]);
    expect((await staff().get('tickets?status=lost')).body.fields).toEqual({ status: 'invalid_value' });
  });

  it('reads one ticket, its messages and its attachments', async () => {
    const u = await signUp(h);
    const shot = await uploaded(h, u.ssid, 'shot.png', pngBytes());
    const t = await opened(h, u.ssid, { Title: 'Look', TypeId: type.Id, Content: 'see', AttachmentIds: [shot.Id] });
    const one = (await staff().get<StaffTicket>(`ticket?id=${t.Id}`)).body.data;
    expect(one).toEqual({ ...t, UserId: u.userId, Email: u.email, Assignee: null });
    const msgs = (await staff().get<TicketMessage[]>(`ticket/msgs?id=${t.Id}`)).body.data;
    expect(msgs.map((m) => [m.Author, m.Content, m.Attachments])).toEqual([['customer', 'see', [shot]]]);
    const file = await h.app.inject({
      method: 'GET',
      url: `/api/staff/ticket/attachment?id=${shot.Id}`,
      headers: { authorization: `Bearer ${desk}` },
    });
    expect([file.statusCode, file.headers['content-type'], file.headers['content-disposition']]).toEqual([
      200,
      'image/png',
      `attachment; filename="shot.png"; filename*=UTF-8''shot.png`,
    ]);
    expect(file.rawPayload.equals(pngBytes())).toBe(true);
    for (const r of [
      await staff().get(`ticket?id=${t.Id + 1_000_000}`),
      await staff().get(`ticket/msgs?id=${t.Id + 1_000_000}`),
    ]) {
      expect([r.status, r.body.code]).toEqual([404, 'db_no_record']);
    }
  });

  it('does not read a customer’s upload that no message sent yet', async () => {
    const u = await signUp(h);
    const draft = await uploaded(h, u.ssid, 'draft.png', pngBytes());
    const r = await staff().get(`ticket/attachment?id=${draft.Id}`);
    expect([r.status, r.body.code]).toEqual([404, 'db_no_record']);
  });
});

describe('answering with an operator token', () => {
  it('answers with an attachment: the customer sees it, can download it, and is mailed the link', async () => {
    const { u, t } = await customerTicket();
    const up = await upload<TicketAttachment>(
      h,
      '/api/staff/ticket/attachment',
      { token: desk },
      { name: 'fix.txt', bytes: SAMPLES.text },
    );
    expect([up.status, up.body.data.ContentType]).toEqual([200, 'text/plain']);
    const r = await staff().post<TicketMessage>('ticket/reply', {
      Id: t.Id,
      Content: 'Moved you to a faster disk.',
      AttachmentIds: [up.body.data.Id],
    });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body.data).toMatchObject({
      Author: 'staff',
      AuthorName: 'Helpdesk',
      Content: 'Moved you to a faster disk.',
      Attachments: [up.body.data],
    });
    const seen = (await call<Ticket>(h, 'GET', `/api/ticket?id=${t.Id}`, { ssid: u.ssid })).body.data;
    expect([seen.Status, seen.LastReplyBy]).toEqual(['answered', 'staff']);
    const file = await h.app.inject({
      method: 'GET',
      url: `/api/ticket/attachment?id=${up.body.data.Id}`,
      headers: { ssid: u.ssid },
    });
    expect([file.statusCode, file.body]).toEqual([200, SAMPLES.text.toString()]);
    const other = await signUp(h);
    const stranger = await h.app.inject({
      method: 'GET',
      url: `/api/ticket/attachment?id=${up.body.data.Id}`,
      headers: { ssid: other.ssid },
    });
    expect(stranger.statusCode).toBe(404);

    const mail = readMail(h.mail.last(u.email)!.raw);
    expect(mail.subject).toBe(`Nimbus: new reply to your ticket #${t.Id} "Slow disk"`);
    expect(mail.text).toContain(`Helpdesk replied to your ticket "Slow disk":\n\nMoved you to a faster disk.`);
    expect(mail.text).toContain(`Read and reply: ${PUBLIC_URL}/tickets/${t.Id}`);
  });

  it('posts an answer once per Idempotency-Key, however often the help desk retries', async () => {
    const { u, t } = await customerTicket();
    const send = (key: string, Content = 'On it.') =>
      call<TicketMessage>(h, 'POST', '/api/staff/ticket/reply', { token: desk, key, body: { Id: t.Id, Content } });
    const [a, b] = await Promise.all([send('retry-1'), send('retry-1')]);
    expect([a.status, b.status]).toEqual([200, 200]);
    expect(b.body.data).toEqual(a.body.data);
    expect((await send('retry-1')).body.data).toEqual(a.body.data);
    const msgs = await staff().get<TicketMessage[]>(`ticket/msgs?id=${t.Id}`);
    expect(msgs.body.data.map((m) => m.Content)).toEqual(['IO wait is high', 'On it.']);
    const answers = h.mail.mails.filter((m) => m.to.includes(u.email) && readMail(m.raw).subject.includes(`#${t.Id}`));
    expect(answers).toHaveLength(1);
    const reused = await send('retry-1', 'Something else');
    expect([reused.status, reused.body.fields]).toEqual([400, { 'idempotency-key': 'key_reused' }]);
  });

  it('signs an answer with the AuthorName given, and checks the body', async () => {
    const { t } = await customerTicket();
    const r = await staff().post<TicketMessage>('ticket/reply', { Id: t.Id, Content: 'Hi', AuthorName: ' Grace ' });
    expect(r.body.data.AuthorName).toBe('Grace');
    for (const [body, fields] of [
      [{ Id: t.Id, Content: '' }, { Content: 'ticket_content_empty' }],
      [{ Id: t.Id, Content: 'x'.repeat(10_001) }, { Content: 'ticket_content_too_large' }],
      [{ Id: t.Id, Content: 'x', AttachmentIds: [1, 2, 3, 4, 5, 6] }, { AttachmentIds: 'too_many_attachments' }],
      [{ Id: t.Id, Content: 'x', AuthorName: '' }, { AuthorName: 'required' }],
    ] as const) {
      const bad = await staff().post('ticket/reply', body);
      expect([bad.status, bad.body.fields]).toEqual([400, fields]);
    }
  });

  it('renders an answer written in Markdown as sanitised HTML for the customer, and keeps the text as written', async () => {
    const { u, t } = await customerTicket({ Content: '**not** Markdown <b>x</b>' });
    const Content = 'Run `df -h`:\n\n- **/** is full\n- see [docs](https://docs.example)\n\n<script>alert(1)</script>';
    await staff().post<TicketMessage>('ticket/reply', { Id: t.Id, Content });
    const msgs = (await call<TicketMessage[]>(h, 'GET', `/api/ticket/msgs?id=${t.Id}`, { ssid: u.ssid })).body.data;
    expect(msgs.map((m) => [m.Author, m.Content])).toEqual([
      ['customer', '**not** Markdown <b>x</b>'],
      ['staff', Content],
    ]);
    // The customer's own words are never interpreted.
    expect(msgs[0]!.ContentHtml).toBeNull();
    expect(msgs[1]!.ContentHtml).toBe(
      '<p>Run <code>df -h</code>:</p>\n<ul>\n<li><strong>/</strong> is full</li>\n<li>see <a href="https://docs.example" target="_blank" rel="noopener noreferrer nofollow">docs</a></li>\n</ul>',
    );
  });

  it('links only this token’s own uploads', async () => {
    const { u, t } = await customerTicket();
    const customerUpload = await uploaded(h, u.ssid, 'c.png', pngBytes());
    const other = (await staffTokens.create(h.db, 'Night shift', ['tickets'])).token;
    const theirs = await upload<TicketAttachment>(
      h,
      '/api/staff/ticket/attachment',
      { token: other },
      { name: 'n.png', bytes: pngBytes() },
    );
    for (const id of [customerUpload.Id, theirs.body.data.Id]) {
      const r = await staff().post('ticket/reply', { Id: t.Id, Content: 'x', AttachmentIds: [id] });
      expect([r.status, r.body.fields]).toEqual([400, { AttachmentIds: 'invalid_value' }]);
    }
    const bad = await upload(
      h,
      '/api/staff/ticket/attachment',
      { token: desk },
      { name: 'x.png', bytes: Buffer.from('<html>') },
    );
    expect(bad.body.fields).toEqual({ file: 'attachment_type' });
  });

  it('assigns and closes; a closed ticket cannot be answered, assigned or closed again', async () => {
    const { u, t } = await customerTicket();
    const taken = await staff().post<StaffTicket>('ticket/assign', { Id: t.Id, Assignee: 'Grace' });
    expect([taken.status, taken.body.data.Status, taken.body.data.Assignee]).toEqual([200, 'in_progress', 'Grace']);
    expect((await staff().post('ticket/assign', { Id: t.Id, Assignee: '  ' })).body.fields).toEqual({
      Assignee: 'required',
    });
    const closed = await staff().post<StaffTicket>('ticket/close', { Id: t.Id });
    expect(closed.body.data.Status).toBe('closed');
    expect((await call<Ticket>(h, 'GET', `/api/ticket?id=${t.Id}`, { ssid: u.ssid })).body.data.Status).toBe('closed');
    for (const r of [
      await staff().post('ticket/reply', { Id: t.Id, Content: 'late' }),
      await staff().post('ticket/assign', { Id: t.Id, Assignee: 'Grace' }),
      await staff().post('ticket/close', { Id: t.Id }),
    ]) {
      expect([r.status, r.body.code]).toEqual([409, 'wrong_status']);
    }
    const unknown = await staff().post('ticket/close', { Id: t.Id + 1_000_000 });
    expect([unknown.status, unknown.body.code]).toEqual([404, 'db_no_record']);
  });

  it('lists and adds ticket types, in one language or both', async () => {
    const added = await staff().post<StaffTicketType>('ticket-type/add', {
      Name: { en_US: ' Networking ', zh_CN: '网络问题' },
      Description: 'BGP, IPv6',
    });
    expect(added.body.data).toEqual({
      Id: expect.any(Number),
      Name: 'Networking',
      Description: 'BGP, IPv6',
      Texts: { Name: { en_US: 'Networking', zh_CN: '网络问题' }, Description: { en_US: 'BGP, IPv6', zh_CN: '' } },
    });
    expect((await staff().get<StaffTicketType[]>('ticketTypes')).body.data).toContainEqual(added.body.data);
    const u = await signUp(h);
    const { Texts: _, ...asRead } = added.body.data;
    expect((await call<TicketType[]>(h, 'GET', '/api/ticketTypes', { ssid: u.ssid })).body.data).toContainEqual(asRead);
    expect(
      (await call<TicketType[]>(h, 'GET', '/api/ticketTypes', { ssid: u.ssid, lang: 'zh-CN,zh;q=0.9' })).body.data,
    ).toContainEqual({ ...asRead, Name: '网络问题' });
    expect((await staff().post('ticket-type/add', { Name: { zh_CN: '网络问题' } })).body.fields).toEqual({
      Name: 'name_taken',
    });
    expect((await staff().post('ticket-type/add', { Name: {} })).body.fields).toEqual({ Name: 'required' });
    expect((await staff().post('ticket-type/add', { Name: 'networking' })).body.fields).toEqual({ Name: 'name_taken' });
    expect((await staff().post('ticket-type/add', { Name: '' })).body.fields).toEqual({ Name: 'required' });
    expect((await staff().post('ticket-type/add', { Name: 'x'.repeat(101) })).body.fields).toEqual({
      Name: 'incorrect_length',
    });
  });
});

describe('tokens that may not', () => {
  const routes = (id: number): [string, string, unknown?][] => [
    ['GET', 'tickets'],
    ['GET', `ticket?id=${id}`],
    ['GET', `ticket/msgs?id=${id}`],
    ['GET', `ticket/attachment?id=${id}`],
    ['GET', 'ticketTypes'],
    ['POST', 'ticket/reply', { Id: id, Content: 'x' }],
    ['POST', 'ticket/assign', { Id: id, Assignee: 'x' }],
    ['POST', 'ticket/close', { Id: id }],
    ['POST', 'ticket-type/add', { Name: 'Sneaky' }],
  ];

  it('a token without the tickets scope is 403 everywhere and changes nothing', async () => {
    const { t } = await customerTicket();
    const notices = (await staffTokens.create(h.db, 'Notices only', ['notices', 'users'])).token;
    for (const [method, url, body] of routes(t.Id)) {
      const r = await call(h, method as 'GET' | 'POST', `/api/staff/${url}`, { token: notices, body });
      expect([url, r.status, r.body.code]).toEqual([url, 403, 'access_denied']);
    }
    const up = await upload(
      h,
      '/api/staff/ticket/attachment',
      { token: notices },
      { name: 'a.png', bytes: pngBytes() },
    );
    expect([up.status, up.body.code]).toEqual([403, 'access_denied']);
    expect((await staff().get<StaffTicket>(`ticket?id=${t.Id}`)).body.data.Status).toBe('open');
    expect((await h.db.query("select 1 from ticket_types where name = 'Sneaky'")).rowCount).toBe(0);
  });

  it('a revoked, unknown or missing token is 401, and so is a customer session', async () => {
    const { u, t } = await customerTicket();
    const gone = await staffTokens.create(h.db, 'Former', ['tickets']);
    await staffTokens.revoke(h.db, gone.id);
    for (const [token, code] of [
      [gone.token, 'invalid_session'],
      [`nst_${'A'.repeat(43)}`, 'invalid_session'],
      [undefined, 'need_login'],
    ] as const) {
      for (const [method, url, body] of routes(t.Id)) {
        const r = await call(h, method as 'GET' | 'POST', `/api/staff/${url}`, { token, body });
        expect([url, r.status, r.body.code]).toEqual([url, 401, code]);
      }
    }
    const customer = await call(h, 'GET', '/api/staff/tickets', { ssid: u.ssid });
    expect([customer.status, customer.body.code]).toEqual([401, 'need_login']);
    const up = await upload(
      h,
      '/api/staff/ticket/attachment',
      { token: gone.token },
      { name: 'a.png', bytes: pngBytes() },
    );
    expect([up.status, up.body.code]).toEqual([401, 'invalid_session']);
  });
});

describe('the API reference', () => {
  it('documents the staff ticket routes with the operator token and the customer routes with the session', async () => {
    const doc = (await h.app.inject({ method: 'GET', url: OPENAPI_PATH })).json();
    for (const [p, m] of [
      ['/api/staff/tickets', 'get'],
      ['/api/staff/ticket/reply', 'post'],
      ['/api/staff/ticket/attachment', 'post'],
      ['/api/staff/ticket-type/add', 'post'],
    ] as const) {
      expect(doc.paths[p][m]).toMatchObject({ tags: ['staff'], security: [{ staffToken: [] }] });
    }
    expect(doc.paths['/api/ticket/add'].post).toMatchObject({ tags: ['tickets'], security: [{ session: [] }] });
    expect(doc.paths['/api/ticket/attachment'].post.requestBody.content['multipart/form-data'].schema).toMatchObject({
      properties: { file: { type: 'string', format: 'binary' } },
      required: ['file'],
    });
    expect(Object.keys(doc.paths['/api/ticket/attachment'].get.responses['200'].content)).toContain('image/png');
  });
});
