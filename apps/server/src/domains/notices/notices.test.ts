import type { Notice, NoticeList, NoticeReadResult, StaffNotice, StaffNoticeList } from '@nimbus/contract';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { call, signUp } from '../../../test/api.js';
import { startHarness, type Harness } from '../../../test/harness.js';
import { OPENAPI_PATH } from '../../infra/http/openapi.js';
import { staffTokens } from '../accounts/index.js';

let h: Harness;
let staff: string;
beforeAll(async () => {
  h = await startHarness({ AUTH_RATE_LIMIT_SCALE: '50' });
  staff = (await staffTokens.create(h.db, 'Help desk', ['notices'])).token;
});
afterAll(() => h.close());

type Customer = Awaited<ReturnType<typeof signUp>>;

const HOSTILE =
  '<h1>Network maintenance</h1><p onmouseover="alert(1)" style="color:red">On <strong>Sunday</strong> &amp; Monday.</p>' +
  '<script>alert(2)</script><style>body{display:none}</style><iframe src="https://evil.example"></iframe>' +
  '<img src=x onerror="alert(3)"><a href="javascript:alert(4)">click</a> <a href="https://status.example.com">status</a>';
const HOSTILE_SAFE =
  '<h2>Network maintenance</h2><p>On <strong>Sunday</strong> &amp; Monday.</p>' +
  '<a target="_blank" rel="noopener noreferrer nofollow">click</a> ' +
  '<a href="https://status.example.com" target="_blank" rel="noopener noreferrer nofollow">status</a>';

const add = (body: unknown, opts: { token?: string; key?: string } = {}) =>
  call<StaffNotice>(h, 'POST', '/api/staff/notice/add', { token: opts.token ?? staff, key: opts.key, body });
const withdraw = (Id: number, token = staff) =>
  call<StaffNotice>(h, 'POST', '/api/staff/notice/withdraw', { token, body: { Id } });
const list = (u: Customer, query = '') => call<NoticeList>(h, 'GET', `/api/notices${query}`, { ssid: u.ssid });
const get = (u: Customer, id: number | string) => call<Notice>(h, 'GET', `/api/notice?id=${id}`, { ssid: u.ssid });
const read = (u: Customer, body: unknown) =>
  call<NoticeReadResult>(h, 'POST', '/api/notice/read', { ssid: u.ssid, body });

async function published(Title: string, Content = `<p>${Title}</p>`, Pinned = false): Promise<StaffNotice> {
  const r = await add({ Title, Content, Pinned });
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  return r.body.data;
}

// Lists count every live notice: each test that reads whole lists starts with none.
const withdrawAll = () => h.db.query('update notices set withdrawn_at = now() where withdrawn_at is null');

describe('GET api/notices', () => {
  beforeEach(withdrawAll);

  it('lists published notices pinned first, then newest first, unread, with a plain-text summary', async () => {
    const u = await signUp(h);
    expect((await list(u)).body.data).toEqual({ Total: 0, Unread: 0, Items: [] });
    const old = await published('Old news');
    const pinned = await published('Pinned rules', '<p>Read <em>these</em> first.</p>', true);
    const fresh = await published('Maintenance', HOSTILE);
    const r = await list(u);
    expect(r.status).toBe(200);
    expect(r.body.data.Total).toBe(3);
    expect(r.body.data.Unread).toBe(3);
    expect(r.body.data.Items.map((n) => n.Id)).toEqual([pinned.Id, fresh.Id, old.Id]);
    expect(r.body.data.Items[1]).toEqual({
      Id: fresh.Id,
      Title: 'Maintenance',
      Summary: 'Network maintenance On Sunday & Monday. click status',
      PublishedAt: fresh.PublishedAt,
      Read: false,
      Pinned: false,
    });
    expect(r.body.data.Items[0]).toMatchObject({ Summary: 'Read these first.', Pinned: true });
  });

  it('takes the limit, pages and the read filter', async () => {
    const u = await signUp(h);
    const ids: number[] = [];
    for (const t of ['one', 'two', 'three', 'four', 'five']) ids.unshift((await published(t)).Id);
    const limited = await list(u, '?limit=4');
    expect(limited.body.data.Items.map((n) => n.Id)).toEqual(ids.slice(0, 4));
    expect([limited.body.data.Total, limited.body.data.Unread]).toEqual([5, 5]);
    expect((await list(u, '?limit=2&page=3')).body.data.Items.map((n) => n.Id)).toEqual(ids.slice(4));
    await read(u, { Id: ids[1] });
    const unread = await list(u, '?status=unread');
    expect(unread.body.data).toMatchObject({ Total: 4, Unread: 4 });
    expect(unread.body.data.Items.map((n) => n.Id)).not.toContain(ids[1]);
    const readOnes = await list(u, '?status=read');
    expect(readOnes.body.data).toMatchObject({ Total: 1, Unread: 4, Items: [{ Id: ids[1], Read: true }] });
  });

  it('refuses bad query values and unsigned callers', async () => {
    const u = await signUp(h);
    for (const q of ['?limit=0', '?limit=101', '?limit=x', '?page=0', '?status=new']) {
      const r = await list(u, q);
      expect([r.status, r.body.code], q).toEqual([400, 'wrong_search_data']);
    }
    expect((await list(u, '?limit=0')).body.fields).toEqual({ limit: 'invalid_value' });
    const anonymous = await call(h, 'GET', '/api/notices');
    expect([anonymous.status, anonymous.body.code]).toEqual([401, 'need_login']);
  });
});

describe('GET api/notice', () => {
  it('answers the content sanitised when it was written', async () => {
    const u = await signUp(h);
    const n = await published('Maintenance', HOSTILE);
    expect(n.Content).toBe(HOSTILE_SAFE);
    const r = await get(u, n.Id);
    expect(r.status).toBe(200);
    expect(r.body.data).toEqual({
      Id: n.Id,
      Title: 'Maintenance',
      Summary: n.Summary,
      PublishedAt: n.PublishedAt,
      Read: false,
      Pinned: false,
      Content: HOSTILE_SAFE,
    });
  });

  it('serves safe HTML even when hostile HTML reached the database some other way', async () => {
    const u = await signUp(h);
    const { rows } = await h.db.query<{ id: number }>(
      `insert into notices (title, content, summary) values ('Imported', $1, 'Imported') returning id`,
      [HOSTILE],
    );
    expect((await get(u, rows[0]!.id)).body.data.Content).toBe(HOSTILE_SAFE);
  });

  it('is 404 for unknown ids and 400 for malformed ones', async () => {
    const u = await signUp(h);
    const missing = await get(u, 987654321);
    expect([missing.status, missing.body.code]).toEqual([404, 'db_no_record']);
    for (const id of ['0', 'abc', '1.5', '']) {
      const r = await get(u, id);
      expect([r.status, r.body.fields], id).toEqual([400, { id: 'invalid_value' }]);
    }
  });
});

describe('POST api/notice/read', () => {
  it('marks a notice read for the caller only, once', async () => {
    await withdrawAll();
    const a = await signUp(h);
    const b = await signUp(h);
    const first = await published('First');
    const second = await published('Second');
    const r = await read(a, { Id: first.Id });
    expect([r.status, r.body.data]).toEqual([200, { Unread: 1 }]);
    expect((await read(a, { Id: first.Id })).body.data).toEqual({ Unread: 1 });
    expect((await get(a, first.Id)).body.data.Read).toBe(true);
    expect((await get(b, first.Id)).body.data.Read).toBe(false);
    expect((await list(a)).body.data).toMatchObject({
      Unread: 1,
      Items: [
        { Id: second.Id, Read: false },
        { Id: first.Id, Read: true },
      ],
    });
    expect((await list(b)).body.data.Unread).toBe(2);
  });

  it('marks every notice read with api/notice/readAll, for the caller only', async () => {
    const a = await signUp(h);
    const b = await signUp(h);
    await published('Another');
    const before = (await list(b)).body.data.Unread;
    expect(before).toBeGreaterThan(0);
    const r = await call<NoticeReadResult>(h, 'POST', '/api/notice/readAll', { ssid: a.ssid, body: {} });
    expect([r.status, r.body.data]).toEqual([200, { Unread: 0 }]);
    expect((await list(a)).body.data.Items.every((n) => n.Read)).toBe(true);
    expect((await list(b)).body.data.Unread).toBe(before);
  });

  it('is 404 for unknown ids and 400 for malformed bodies', async () => {
    const u = await signUp(h);
    const missing = await read(u, { Id: 987654321 });
    expect([missing.status, missing.body.code]).toEqual([404, 'db_no_record']);
    expect((await read(u, {})).body.fields).toEqual({ Id: 'invalid_value' });
    expect((await read(u, { Id: 'x' })).body.fields).toEqual({ Id: 'invalid_value' });
  });
});

describe('withdrawn notices', () => {
  it('vanish for customers but stay in the staff list', async () => {
    const u = await signUp(h);
    const n = await published('Wrong date');
    await read(u, { Id: n.Id });
    const before = (await list(u)).body.data;
    const w = await withdraw(n.Id);
    expect(w.status).toBe(200);
    expect(w.body.data).toMatchObject({ Id: n.Id, WithdrawnAt: expect.any(String), Reads: 1 });
    const after = (await list(u)).body.data;
    expect(after.Total).toBe(before.Total - 1);
    expect(after.Items.map((i) => i.Id)).not.toContain(n.Id);
    for (const r of [await get(u, n.Id), await read(u, { Id: n.Id })]) {
      expect([r.status, r.body.code]).toEqual([404, 'db_no_record']);
    }
    const staffList = await call<StaffNoticeList>(h, 'GET', '/api/staff/notices?state=withdrawn&limit=100', {
      token: staff,
    });
    expect(staffList.body.data.Items.map((i) => i.Id)).toContain(n.Id);
  });
});

describe('the staff API', () => {
  it('publishes a notice with the token as its author, at most once per Idempotency-Key', async () => {
    const body = { Title: '  New region: Frankfurt  ', Content: '<p>Deploy in <b>fra</b> now.</p>', Pinned: true };
    const first = await add(body, { key: 'fra-1' });
    expect(first.status).toBe(200);
    expect(first.body.data).toEqual({
      Id: expect.any(Number),
      Title: 'New region: Frankfurt',
      Summary: 'Deploy in fra now.',
      Content: '<p>Deploy in <b>fra</b> now.</p>',
      Pinned: true,
      PublishedAt: expect.stringMatching(/Z$/),
      WithdrawnAt: null,
      Author: 'Help desk',
      Reads: 0,
      Texts: {
        Title: { en_US: 'New region: Frankfurt', zh_CN: '' },
        Content: { en_US: '<p>Deploy in <b>fra</b> now.</p>', zh_CN: '' },
      },
    });
    const again = await add(body, { key: 'fra-1' });
    expect(again.body.data.Id).toBe(first.body.data.Id);
    const other = await add({ ...body, Title: 'Something else' }, { key: 'fra-1' });
    expect([other.status, other.body.fields]).toEqual([400, { 'idempotency-key': 'key_reused' }]);
    const { rows } = await h.db.query('select count(*)::int as n from notices where title = $1', [
      'New region: Frankfurt',
    ]);
    expect(rows[0].n).toBe(1);
  });

  it('publishes in both languages: each customer reads theirs, sanitised, else the other one', async () => {
    const u = await signUp(h);
    const both = await add({
      Title: { en_US: 'Maintenance in Tokyo', zh_CN: '东京机房维护' },
      Content: {
        en_US: '<p>Network work on <b>Sunday</b>.</p>',
        zh_CN:
          '<p onclick="x()">周日进行<b>网络</b>维护。</p><script>alert(1)</script><a href="javascript:x()">链接</a>',
      },
    });
    expect(both.status).toBe(200);
    const zhContent = both.body.data.Texts.Content.zh_CN;
    expect(zhContent).toContain('<p>周日进行<b>网络</b>维护。</p>');
    for (const bad of ['script', 'onclick', 'javascript']) expect(zhContent).not.toContain(bad);
    const zhOnly = (await add({ Title: { zh_CN: '新地域：新加坡' }, Content: { zh_CN: '<p>现已开放。</p>' } })).body
      .data;
    expect(zhOnly.Title).toBe('新地域：新加坡');
    const read = (id: number, lang: string) =>
      call<Notice>(h, 'GET', `/api/notice?id=${id}`, { ssid: u.ssid, lang }).then((r) => r.body.data);
    const zh = await read(both.body.data.Id, 'zh-CN');
    expect([zh.Title, zh.Content]).toEqual(['东京机房维护', zhContent]);
    expect(zh.Summary).toContain('周日进行网络维护。');
    expect(await read(both.body.data.Id, 'en')).toMatchObject({ Title: 'Maintenance in Tokyo' });
    expect(await read(zhOnly.Id, 'en-GB,en;q=0.9')).toMatchObject({
      Title: '新地域：新加坡',
      Content: '<p>现已开放。</p>',
    });
    const list = await call<NoticeList>(h, 'GET', '/api/notices?limit=100', { ssid: u.ssid, lang: 'zh' });
    expect(list.body.data.Items.find((n) => n.Id === both.body.data.Id)?.Title).toBe('东京机房维护');
    // A language with content needs its title, and the other way round.
    const half = await add({ Title: 'Only English', Content: { en_US: '<p>x</p>', zh_CN: '<p>仅内容</p>' } });
    expect([half.status, half.body.fields]).toEqual([400, { 'Title.zh_CN': 'required' }]);
  });

  it('refuses a notice without a title or without text once sanitised', async () => {
    const cases: [unknown, Record<string, string>][] = [
      [{ Content: '<p>x</p>' }, { Title: 'required' }],
      [{ Title: '   ', Content: '<p>x</p>' }, { Title: 'required' }],
      [{ Title: 'x'.repeat(201), Content: '<p>x</p>' }, { Title: 'incorrect_length' }],
      [{ Title: 'two\nlines', Content: '<p>x</p>' }, { Title: 'invalid_value' }],
      [{ Title: 'T' }, { Content: 'required' }],
      [{ Title: 'T', Content: '<script>alert(1)</script><p> </p>' }, { Content: 'required' }],
      [{ Title: 'T', Content: 'x'.repeat(100_001) }, { Content: 'incorrect_length' }],
      [{ Title: 'T', Content: 'x', Pinned: 'yes' }, { Pinned: 'invalid_value' }],
    ];
    for (const [body, fields] of cases) {
      const r = await add(body);
      expect([r.status, r.body.code, r.body.fields], JSON.stringify(body).slice(0, 80)).toEqual([
        400,
        'parse_data_error',
        fields,
      ]);
    }
  });

  it('lists every notice newest first, narrowed by state and paged', async () => {
    const live = await published('Listed live');
    const gone = await published('Listed withdrawn');
    await withdraw(gone.Id);
    const all = await call<StaffNoticeList>(h, 'GET', '/api/staff/notices?limit=2', { token: staff });
    expect(all.status).toBe(200);
    expect(all.body.data.Items.map((n) => n.Id)).toEqual([gone.Id, live.Id]);
    expect(all.body.data.Total).toBeGreaterThan(2);
    const liveOnly = await call<StaffNoticeList>(h, 'GET', '/api/staff/notices?state=live&limit=100', {
      token: staff,
    });
    expect(liveOnly.body.data.Items.every((n) => n.WithdrawnAt === null)).toBe(true);
    expect(liveOnly.body.data.Items.map((n) => n.Id)).toContain(live.Id);
    const bad = await call(h, 'GET', '/api/staff/notices?state=gone', { token: staff });
    expect([bad.status, bad.body.fields]).toEqual([400, { state: 'invalid_value' }]);
  });

  it('withdraws once: again is 409 wrong_status, an unknown id 404', async () => {
    const n = await published('Withdraw me');
    expect((await withdraw(n.Id)).status).toBe(200);
    const again = await withdraw(n.Id);
    expect([again.status, again.body.code]).toEqual([409, 'wrong_status']);
    const missing = await withdraw(987654321);
    expect([missing.status, missing.body.code]).toEqual([404, 'db_no_record']);
  });

  it('needs a live operator token with the notices scope', async () => {
    const tickets = (await staffTokens.create(h.db, 'Tickets only', ['tickets'])).token;
    const forged = `nst_${'B'.repeat(43)}`;
    const customer = await signUp(h);
    const attempts = [
      () => call(h, 'GET', '/api/staff/notices', { token: tickets }),
      () => add({ Title: 'T', Content: 'x' }, { token: tickets }),
      () => withdraw(1, tickets),
    ];
    for (const attempt of attempts) {
      const r = await attempt();
      expect([r.status, r.body.code]).toEqual([403, 'access_denied']);
    }
    const unknown = await add({ Title: 'T', Content: 'x' }, { token: forged });
    expect([unknown.status, unknown.body.code]).toEqual([401, 'invalid_session']);
    const none = await call(h, 'GET', '/api/staff/notices');
    expect([none.status, none.body.code]).toEqual([401, 'need_login']);
    const asCustomer = await call(h, 'GET', '/api/staff/notices', { ssid: customer.ssid });
    expect([asCustomer.status, asCustomer.body.code]).toEqual([401, 'need_login']);
    const { rows } = await h.db.query("select count(*)::int as n from notices where title = 'T'");
    expect(rows[0].n).toBe(0);
  });
});

describe('the API reference', () => {
  it('documents the customer and staff routes with their security', async () => {
    const doc = (await h.app.inject({ method: 'GET', url: OPENAPI_PATH })).json();
    for (const [path, method] of [
      ['/api/notices', 'get'],
      ['/api/notice', 'get'],
      ['/api/notice/read', 'post'],
      ['/api/notice/readAll', 'post'],
    ] as const) {
      expect(doc.paths[path][method], path).toMatchObject({ tags: ['notices'], security: [{ session: [] }] });
    }
    for (const [path, method] of [
      ['/api/staff/notices', 'get'],
      ['/api/staff/notice/add', 'post'],
      ['/api/staff/notice/withdraw', 'post'],
    ] as const) {
      expect(doc.paths[path][method], path).toMatchObject({ tags: ['staff'], security: [{ staffToken: [] }] });
    }
  });
});
