import { TICKET_LIMITS, type Ticket, type TicketList, type TicketMessage, type TicketType } from '@nimbus/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, signUp } from '../../../test/api.js';
import { startHarness, type Harness } from '../../../test/harness.js';
import { customerWithInstance, type Customer } from '../../../test/instance-data-helpers.js';
import { opened, ticketType } from '../../../test/ticket-helpers.js';
import { staffReply } from './staff.js';

let h: Harness;
let support: TicketType;
let billing: TicketType;
beforeAll(async () => {
  // Compute for one real instance to open a ticket about; sign-ups from one address.
  h = await startHarness({ AUTH_RATE_LIMIT_SCALE: '50' }, { compute: {} });
  support = await ticketType(h, 'Technical support');
  billing = await ticketType(h, 'Billing');
});
afterAll(() => h.close());

const get = <T>(u: Customer, url: string) => call<T>(h, 'GET', url, { ssid: u.ssid });
const post = <T>(u: Customer, url: string, body: unknown, key?: string) =>
  call<T>(h, 'POST', url, { ssid: u.ssid, body, key });
const newTicket = (u: Customer, over: Record<string, unknown> = {}) =>
  opened(h, u.ssid, { Title: 'Server down', TypeId: support.Id, Content: 'It does not answer.', ...over });
const answer = (id: number, content = 'We are on it.') =>
  staffReply(h.ctx, { id, content, authorName: 'Grace', tokenId: null });
const ISO = expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);

describe('opening and reading tickets', () => {
  it('opens a ticket with its opening message, and reads it back every way', async () => {
    const u = await signUp(h);
    const r = await post<Ticket>(u, '/api/ticket/add', {
      Title: '  Cannot reach port 443  ',
      TypeId: support.Id,
      Content: '\n\nnginx is running but\n  curl times out.  \n',
    });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    const t = r.body.data;
    expect(t).toEqual({
      Id: expect.any(Number),
      Title: 'Cannot reach port 443',
      Status: 'open',
      TypeId: support.Id,
      TypeName: 'Technical support',
      InstanceId: null,
      Hostname: null,
      CreatedAt: ISO,
      UpdatedAt: ISO,
      LastReplyBy: 'customer',
      Content: 'nginx is running but\n  curl times out.',
      Attachments: [],
    });
    expect((await get<Ticket>(u, `/api/ticket?id=${t.Id}`)).body.data).toEqual(t);
    const { Content: _c, Attachments: _a, ...summary } = t;
    expect((await get<TicketList>(u, '/api/tickets?limit=4')).body.data).toEqual({ Total: 1, Items: [summary] });
    expect((await get<TicketMessage[]>(u, `/api/ticket/msgs?limit=999&id=${t.Id}`)).body.data).toEqual([
      {
        Id: expect.any(Number),
        Author: 'customer',
        AuthorName: u.email,
        Content: 'nginx is running but\n  curl times out.',
        ContentHtml: null,
        Attachments: [],
        CreatedAt: ISO,
      },
    ]);
  });

  it('signs messages with the customer’s name once they have one', async () => {
    const u = await signUp(h);
    await h.db.query("update users set first_name = 'Ada', last_name = 'Lovelace' where id = $1", [u.userId]);
    const t = await newTicket(u);
    const [m] = (await get<TicketMessage[]>(u, `/api/ticket/msgs?id=${t.Id}`)).body.data;
    expect(m!.AuthorName).toBe('Ada Lovelace');
  });

  it('shows a name set after the ticket was opened on the earlier messages too', async () => {
    const u = await signUp(h);
    const t = await newTicket(u);
    const names = async () =>
      (await get<TicketMessage[]>(u, `/api/ticket/msgs?id=${t.Id}`)).body.data.map((m) => m.AuthorName);
    expect(await names()).toEqual([u.email]);
    await h.db.query("update users set first_name = 'Grace' where id = $1", [u.userId]);
    expect(await names()).toEqual(['Grace']);
  });

  it('lists the ticket types, up to limit', async () => {
    const u = await signUp(h);
    const all = (await get<TicketType[]>(u, '/api/ticketTypes?limit=100')).body.data;
    expect(all).toEqual(expect.arrayContaining([support, billing]));
    expect((await get<TicketType[]>(u, '/api/ticketTypes?limit=1')).body.data).toHaveLength(1);
  });

  it('lists only the caller’s tickets, most recently updated first, by status and page', async () => {
    const u = await signUp(h);
    const other = await signUp(h);
    const first = await newTicket(u, { Title: 'first' });
    const second = await newTicket(u, { Title: 'second', TypeId: billing.Id });
    await newTicket(other, { Title: 'not yours' });
    const third = await newTicket(u, { Title: 'third' });
    const titles = async (q: string) =>
      (await get<TicketList>(u, `/api/tickets?${q}`)).body.data.Items.map((t) => t.Title);
    expect(await titles('limit=20')).toEqual(['third', 'second', 'first']);
    // A message moves its ticket to the top.
    await answer(first.Id);
    expect(await titles('limit=20')).toEqual(['first', 'third', 'second']);
    expect(await titles('status=answered')).toEqual(['first']);
    expect(await titles('status=open')).toEqual(['third', 'second']);
    const page2 = (await get<TicketList>(u, '/api/tickets?limit=2&page=2')).body.data;
    expect([page2.Total, page2.Items.map((t) => t.Id)]).toEqual([3, [second.Id]]);
    expect((await get<TicketList>(u, '/api/tickets?limit=2&page=9')).body.data).toEqual({ Total: 3, Items: [] });
    void third;
  });

  it('answers the first `limit` messages, oldest first', async () => {
    const u = await signUp(h);
    const t = await newTicket(u, { Content: 'one' });
    await post(u, '/api/ticket/reply', { Id: t.Id, Content: 'two' });
    await answer(t.Id, 'three');
    const all = (await get<TicketMessage[]>(u, `/api/ticket/msgs?id=${t.Id}`)).body.data;
    expect(all.map((m) => [m.Author, m.Content])).toEqual([
      ['customer', 'one'],
      ['customer', 'two'],
      ['staff', 'three'],
    ]);
    const two = (await get<TicketMessage[]>(u, `/api/ticket/msgs?limit=2&id=${t.Id}`)).body.data;
    expect(two).toEqual(all.slice(0, 2));
  });

  it('refuses bad queries with a message per parameter', async () => {
    const u = await signUp(h);
    for (const [url, fields] of [
      ['/api/tickets?limit=0', { limit: 'invalid_value' }],
      [`/api/tickets?limit=${TICKET_LIMITS.pageMax + 1}`, { limit: 'invalid_value' }],
      ['/api/tickets?status=lost', { status: 'invalid_value' }],
      ['/api/ticket', { id: 'invalid_value' }],
      ['/api/ticket/msgs?id=1&limit=1000', { limit: 'invalid_value' }],
      ['/api/ticketTypes?limit=x', { limit: 'invalid_value' }],
    ] as const) {
      const r = await get(u, url);
      expect([url, r.status, r.body.fields]).toEqual([url, 400, fields]);
    }
  });

  it('needs a session', async () => {
    const r = await call(h, 'GET', '/api/tickets');
    expect([r.status, r.body.code]).toEqual([401, 'need_login']);
    const add = await call(h, 'POST', '/api/ticket/add', { body: { Title: 'x', TypeId: support.Id, Content: 'y' } });
    expect([add.status, add.body.code]).toEqual([401, 'need_login']);
  });
});

describe('validation', () => {
  const long = 'x'.repeat(TICKET_LIMITS.contentMax + 1);
  it.each([
    ['empty content', { Content: '' }, { Content: 'ticket_content_empty' }],
    ['blank content', { Content: ' \n\t ' }, { Content: 'ticket_content_empty' }],
    ['no content', { Content: undefined }, { Content: 'ticket_content_empty' }],
    ['content too large', { Content: long }, { Content: 'ticket_content_too_large' }],
    ['a blank title', { Title: '   ' }, { Title: 'required' }],
    ['an overlong title', { Title: 't'.repeat(TICKET_LIMITS.titleMax + 1) }, { Title: 'incorrect_length' }],
    ['a title with a terminal escape', { Title: 'a\u001b[2Jb' }, { Title: 'invalid_value' }],
    ['a title with a NUL', { Title: 'a\u0000b' }, { Title: 'invalid_value' }],
    ['content with a NUL', { Content: 'x\u0000y' }, { Content: 'invalid_value' }],
    ['no type', { TypeId: undefined }, { TypeId: 'invalid_value' }],
    ['a type id that is text', { TypeId: '1' }, { TypeId: 'invalid_value' }],
    ['an unknown type', { TypeId: 9_999_999 }, { TypeId: 'invalid_value' }],
    ['too many attachments', { AttachmentIds: [1, 2, 3, 4, 5, 6] }, { AttachmentIds: 'too_many_attachments' }],
    [
      'attachments that are not the caller’s uploads',
      { AttachmentIds: [9_999_999] },
      { AttachmentIds: 'invalid_value' },
    ],
  ])('refuses %s and opens nothing', async (_, over, fields) => {
    const u = await signUp(h);
    const r = await post(u, '/api/ticket/add', { Title: 'Help', TypeId: support.Id, Content: 'text', ...over });
    expect([r.status, r.body.code, r.body.fields]).toEqual([400, 'parse_data_error', fields]);
    expect((await get<TicketList>(u, '/api/tickets')).body.data.Total).toBe(0);
  });

  it('checks a reply’s content the same way and keeps the conversation as it was', async () => {
    const u = await signUp(h);
    const t = await newTicket(u);
    for (const [Content, error] of [
      ['', 'ticket_content_empty'],
      [long, 'ticket_content_too_large'],
    ] as const) {
      const r = await post(u, '/api/ticket/reply', { Id: t.Id, Content });
      expect([r.status, r.body.fields]).toEqual([400, { Content: error }]);
    }
    const many = await post(u, '/api/ticket/reply', { Id: t.Id, Content: 'x', AttachmentIds: [1, 2, 3, 4, 5, 6] });
    expect(many.body.fields).toEqual({ AttachmentIds: 'too_many_attachments' });
    expect((await post(u, '/api/ticket/reply', { Content: 'x' })).body.fields).toEqual({ Id: 'invalid_value' });
    expect((await get<TicketMessage[]>(u, `/api/ticket/msgs?id=${t.Id}`)).body.data).toHaveLength(1);
  });

  it(`takes exactly ${TICKET_LIMITS.contentMax} characters`, async () => {
    const u = await signUp(h);
    const t = await newTicket(u, { Content: 'y'.repeat(TICKET_LIMITS.contentMax) });
    expect(t.Content).toHaveLength(TICKET_LIMITS.contentMax);
  });
});

describe('a ticket about an instance', () => {
  it('names the caller’s instance, and treats anyone else’s as not existing', async () => {
    const { u, id } = await customerWithInstance(h, 'web-1');
    const t = await newTicket(u, { InstanceId: id });
    expect([t.InstanceId, t.Hostname]).toEqual([id, 'web-1']);
    const other = await signUp(h);
    for (const InstanceId of [id, id + 1_000_000]) {
      const r = await post(other, '/api/ticket/add', { Title: 'x', TypeId: support.Id, Content: 'y', InstanceId });
      expect([r.status, r.body.code]).toEqual([404, 'instance_not_exist']);
    }
    expect((await get<TicketList>(other, '/api/tickets')).body.data.Total).toBe(0);
  });
});

describe('the workers', () => {
  it('schedule the hourly removal of uploads never sent', async () => {
    const schedule = await h.db.query(`select cron from pgboss.schedule where name = 'tickets.attachments.cleanup'`);
    expect(schedule.rows).toEqual([{ cron: '17 * * * *' }]);
  });
});

describe('the conversation and its statuses', () => {
  it('goes open → answered (staff) → open (customer) → closed, and a closed ticket takes nothing more', async () => {
    const u = await signUp(h);
    const t = await newTicket(u);
    const mine = await post<TicketMessage>(u, '/api/ticket/reply', { Id: t.Id, Content: 'Any news?' });
    expect(mine.body.data).toMatchObject({ Author: 'customer', Content: 'Any news?', Attachments: [] });
    const status = async () => (await get<Ticket>(u, `/api/ticket?id=${t.Id}`)).body.data;
    expect(await status()).toMatchObject({ Status: 'open', LastReplyBy: 'customer' });
    await answer(t.Id);
    expect(await status()).toMatchObject({ Status: 'answered', LastReplyBy: 'staff' });
    await post(u, '/api/ticket/reply', { Id: t.Id, Content: 'Still down.' });
    expect(await status()).toMatchObject({ Status: 'open', LastReplyBy: 'customer' });

    const closed = await post<Ticket>(u, '/api/ticket/close', { Id: t.Id });
    expect([closed.status, closed.body.data.Status]).toEqual([200, 'closed']);
    expect(closed.body.data.UpdatedAt >= t.UpdatedAt).toBe(true);
    for (const r of [
      await post(u, '/api/ticket/reply', { Id: t.Id, Content: 'Hello?' }),
      await post(u, '/api/ticket/close', { Id: t.Id }),
    ]) {
      expect([r.status, r.body.code]).toEqual([409, 'wrong_status']);
    }
    expect((await get<TicketMessage[]>(u, `/api/ticket/msgs?id=${t.Id}`)).body.data).toHaveLength(4);
  });

  it('keeps an in-progress ticket in progress when the customer writes', async () => {
    const u = await signUp(h);
    const t = await newTicket(u);
    await h.db.query("update tickets set status = 'in_progress', assignee = 'Grace' where id = $1", [t.Id]);
    await post(u, '/api/ticket/reply', { Id: t.Id, Content: 'Thanks' });
    expect((await get<Ticket>(u, `/api/ticket?id=${t.Id}`)).body.data.Status).toBe('in_progress');
  });

  it('treats another customer’s ticket, or an unknown id, as not found everywhere', async () => {
    const owner = await signUp(h);
    const other = await signUp(h);
    const t = await newTicket(owner);
    for (const r of [
      await get(other, `/api/ticket?id=${t.Id}`),
      await get(other, `/api/ticket/msgs?id=${t.Id}`),
      await post(other, '/api/ticket/reply', { Id: t.Id, Content: 'mine now' }),
      await post(other, '/api/ticket/close', { Id: t.Id }),
      await get(owner, `/api/ticket?id=${t.Id + 1_000_000}`),
      await post(owner, '/api/ticket/close', { Id: t.Id + 1_000_000 }),
    ]) {
      expect([r.status, r.body.code, r.body.data]).toEqual([404, 'db_no_record', null]);
    }
    expect(await get<Ticket>(owner, `/api/ticket?id=${t.Id}`)).toMatchObject({
      body: { data: { Status: 'open' } },
    });
    expect((await get<TicketMessage[]>(owner, `/api/ticket/msgs?id=${t.Id}`)).body.data).toHaveLength(1);
  });
});

describe('retries and limits', () => {
  it('opens one ticket for one Idempotency-Key, and refuses the key with another body', async () => {
    const u = await signUp(h);
    const body = { Title: 'Twice?', TypeId: support.Id, Content: 'double click' };
    const [a, b] = await Promise.all([
      post<Ticket>(u, '/api/ticket/add', body, 'k-1'),
      post<Ticket>(u, '/api/ticket/add', body, 'k-1'),
    ]);
    expect([a.status, b.status]).toEqual([200, 200]);
    expect(b.body.data).toEqual(a.body.data);
    const other = await post(u, '/api/ticket/add', { ...body, Title: 'Else' }, 'k-1');
    expect([other.status, other.body.fields]).toEqual([400, { 'idempotency-key': 'key_reused' }]);
    expect((await get<TicketList>(u, '/api/tickets')).body.data.Total).toBe(1);
  });

  it('sends one reply for one Idempotency-Key', async () => {
    const u = await signUp(h);
    const t = await newTicket(u);
    const body = { Id: t.Id, Content: 'sent twice' };
    const [a, b] = [await post(u, '/api/ticket/reply', body, 'r-1'), await post(u, '/api/ticket/reply', body, 'r-1')];
    expect(b.body).toEqual(a.body);
    expect((await get<TicketMessage[]>(u, `/api/ticket/msgs?id=${t.Id}`)).body.data).toHaveLength(2);
  });

  it(`keeps a conversation to ${TICKET_LIMITS.messages} messages`, async () => {
    const u = await signUp(h);
    const t = await newTicket(u);
    await h.db.query(
      `insert into ticket_messages (ticket_id, author, author_name, content)
       select $1, 'customer', 'x', 'filler' from generate_series(2, $2)`,
      [t.Id, TICKET_LIMITS.messages],
    );
    const r = await post(u, '/api/ticket/reply', { Id: t.Id, Content: 'one too many' });
    expect([r.status, r.body.code]).toEqual([409, 'invalid_option']);
    expect((await get<TicketMessage[]>(u, `/api/ticket/msgs?id=${t.Id}`)).body.data).toHaveLength(
      TICKET_LIMITS.messages,
    );
  });

  it('takes 20 new tickets an hour from one customer, then 429', async () => {
    const u = await signUp(h);
    for (let i = 0; i < 20; i++) await newTicket(u, { Title: `t${i}` });
    const r = await post(u, '/api/ticket/add', { Title: 'one more', TypeId: support.Id, Content: 'x' });
    expect([r.status, r.body.code]).toEqual([429, 'rate_limit_exceeded']);
    expect(Number(r.headers['retry-after'])).toBeGreaterThan(0);
    expect((await get<TicketList>(u, '/api/tickets')).body.data.Total).toBe(20);
    // Another customer is not held back.
    await newTicket(await signUp(h));
  });

  it('takes 60 replies an hour from one customer, then 429', async () => {
    const u = await signUp(h);
    const t = await newTicket(u);
    for (let i = 0; i < 60; i++) {
      expect((await post(u, '/api/ticket/reply', { Id: t.Id, Content: `r${i}` })).status).toBe(200);
    }
    const r = await post(u, '/api/ticket/reply', { Id: t.Id, Content: 'one more' });
    expect([r.status, r.body.code]).toEqual([429, 'rate_limit_exceeded']);
    expect((await get<TicketMessage[]>(u, `/api/ticket/msgs?id=${t.Id}`)).body.data).toHaveLength(61);
  });
});
