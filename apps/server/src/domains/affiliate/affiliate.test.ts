import type { AffiliateCommissionList, AffiliateStats, AffiliateSummary, DeployResult } from '@nimbus/contract';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { call, signUp, uniqueEmail } from '../../../test/api.js';
import { deployBody, expectLedgerBalanced, pick, topUp, waitTask } from '../../../test/deploy-helpers.js';
import { startHarness, type Harness } from '../../../test/harness.js';
import { withTx } from '../../infra/db/pool.js';
import { clock } from '../../infra/lib/clock.js';
import { invoices } from '../billing/index.js';
import { post } from '../users/index.js';
import { releaseDue } from './commissions.js';

const DAY_MS = 86_400_000;
let h: Harness;
beforeAll(async () => {
  h = await startHarness({ AFFILIATE_RATE: '10', AFFILIATE_HOLD_DAYS: '14' }, { compute: {} });
});
afterEach(() => {
  for (const e of h.emulators.values()) e.faults.clear();
});
afterAll(async () => {
  clock.reset();
  await h.close();
});

/** A visit of the register page of a referral link, as a browser reports it. */
async function click(code: string, visitor: { ip: string; ua: string; cookie?: string }) {
  const res = await h.app.inject({
    method: 'POST',
    url: '/api/aff/click',
    payload: JSON.stringify({ Code: code }),
    headers: {
      'content-type': 'application/json',
      'user-agent': visitor.ua,
      ...(visitor.cookie ? { cookie: visitor.cookie } : {}),
    },
    remoteAddress: visitor.ip,
  });
  return { status: res.statusCode, body: res.json(), setCookie: res.headers['set-cookie'] as string | undefined };
}

const aff = async (ssid: string) => {
  const r = await call<AffiliateSummary>(h, 'GET', '/api/user/aff', { ssid });
  expect(r.status).toBe(200);
  return r.body.data;
};

const withdraw = (ssid: string, body: object, key?: string) =>
  h.app
    .inject({
      method: 'POST',
      url: '/api/user/aff/withdraw',
      payload: JSON.stringify(body),
      headers: { 'content-type': 'application/json', ssid, ...(key ? { 'idempotency-key': key } : {}) },
    })
    .then((res) => ({ status: res.statusCode, body: res.json() }));

async function deploy(ssid: string, product = '1 vCPU · 1 GB') {
  const { product: p, templates } = await pick(h, ssid, 'Hong Kong', 'Standard', product);
  const r = await call<DeployResult>(h, 'POST', '/api/deploy', { ssid, body: deployBody(p.Id, templates[0]!.Id) });
  expect(r.status).toBe(200);
  return r.body.data;
}

describe('the affiliate programme from click to credited commission', () => {
  it('counts clicks, attributes the sign-up, holds the commission, releases it and moves it into the balance', async () => {
    const referrer = await signUp(h);
    const mine = await aff(referrer.ssid);
    expect(mine).toMatchObject({
      Rate: 10,
      HoldDays: 14,
      Clicks: 0,
      Signups: 0,
      Purchases: 0,
      Commission: { Pending: 0, Available: 0, PaidOut: 0 },
      Currency: 'USD',
    });
    expect(mine.Link).toMatch(new RegExp(`/register\\?aff=${mine.Code}$`));

    // Two visits the same day are one click, with or without the cookie the first one set.
    const first = await click(mine.Code, { ip: '198.51.100.7', ua: 'Firefox' });
    expect([first.status, first.body]).toEqual([200, { data: null }]);
    expect(first.setCookie).toMatch(/^nimbus_vid=[\w-]+; Path=\/api\/aff; .*HttpOnly/);
    const cookie = first.setCookie!.split(';')[0]!;
    await click(mine.Code, { ip: '198.51.100.7', ua: 'Firefox' });
    await click(mine.Code, { ip: '203.0.113.50', ua: 'Firefox', cookie });
    expect((await aff(referrer.ssid)).Clicks).toBe(1);
    // An unknown code answers the same and counts nothing.
    const unknown = await click('no-such-code', { ip: '198.51.100.7', ua: 'Firefox' });
    expect([unknown.status, unknown.body]).toEqual([200, { data: null }]);
    const stored = await h.db.query('select visitor_hash from affiliate_clicks');
    expect(stored.rows.every((r: { visitor_hash: Buffer }) => r.visitor_hash.length === 32)).toBe(true);
    // The next day the same visitor is a second click.
    clock.advance(DAY_MS);
    await click(mine.Code, { ip: '198.51.100.7', ua: 'Firefox', cookie });
    expect((await aff(referrer.ssid)).Clicks).toBe(2);

    // The visitor signs up with the code, tops up and deploys: a purchase and a pending commission.
    const customer = await signUp(h, uniqueEmail('referred'), 'correct horse 1', { AffCode: mine.Code });
    const ref = await h.db.query('select referred_by from users where id = $1', [customer.userId]);
    expect(ref.rows[0].referred_by).toBe(referrer.userId);
    await topUp(h, customer.userId, 10_000);
    const d = await deploy(customer.ssid);
    expect(await waitTask(h, customer.ssid, d)).toEqual({ Status: 2, Step: 4 });
    expect(await aff(referrer.ssid)).toMatchObject({
      Signups: 1,
      Purchases: 1,
      Commission: { Pending: 50, Available: 0, PaidOut: 0 },
    });
    const list = await call<AffiliateCommissionList>(h, 'GET', '/api/user/aff/commissions', { ssid: referrer.ssid });
    expect(list.body.data).toMatchObject({
      Total: 1,
      Items: [{ PurchaseAmount: 500, Rate: 10, Amount: 50, Currency: 'USD', Status: 'pending' }],
    });
    const signups = await call<{ Total: number; Items: { Email: string; Purchases: number }[] }>(
      h,
      'GET',
      '/api/user/aff/signups',
      { ssid: referrer.ssid },
    );
    expect(signups.body.data.Total).toBe(1);
    expect(signups.body.data.Items[0]).toMatchObject({ Email: 'r***@e***.com', Purchases: 1 });
    const stats = await call<AffiliateStats>(h, 'GET', '/api/user/aff/stats?days=7', { ssid: referrer.ssid });
    expect(stats.body.data.Days).toHaveLength(7);
    expect(stats.body.data.Days.at(-1)).toMatchObject({ Clicks: 1, Purchases: 1, Commission: 50 });
    expect(stats.body.data.Days.at(-2)).toMatchObject({ Clicks: 1, Purchases: 0 });

    // Held: nothing to move yet, and the release pass leaves it pending until the hold has passed.
    expect((await withdraw(referrer.ssid, {})).body.code).toBe('balance_not_enough');
    expect(await releaseDue(h.db)).toBe(0);
    clock.advance(14 * DAY_MS);
    expect(await releaseDue(h.db)).toBe(1);
    expect((await aff(referrer.ssid)).Commission).toEqual({ Pending: 0, Available: 50, PaidOut: 0 });

    // Another customer sees none of it and cannot move it.
    const stranger = await signUp(h);
    expect(await aff(stranger.ssid)).toMatchObject({ Signups: 0, Purchases: 0, Commission: { Available: 0 } });
    const theirs = await call<AffiliateCommissionList>(h, 'GET', '/api/user/aff/commissions', { ssid: stranger.ssid });
    expect(theirs.body.data).toEqual({ Total: 0, Items: [] });
    expect((await withdraw(stranger.ssid, {})).status).toBe(409);

    // Part, twice with one key (a double click), then the rest.
    const part = await withdraw(referrer.ssid, { Amount: 20 }, 'move-1');
    expect(part.body.data).toEqual({ Amount: 20, Balance: 20, Available: 30, Currency: 'USD' });
    expect((await withdraw(referrer.ssid, { Amount: 20 }, 'move-1')).body.data).toEqual(part.body.data);
    const tooMuch = await withdraw(referrer.ssid, { Amount: 31 });
    expect([tooMuch.status, tooMuch.body.fields]).toEqual([400, { Amount: 'amount_too_large' }]);
    const bad = await withdraw(referrer.ssid, { Amount: -5 });
    expect([bad.status, bad.body.code]).toEqual([400, 'parse_data_error']);
    const rest = await withdraw(referrer.ssid, {});
    expect(rest.body.data).toMatchObject({ Amount: 30, Balance: 50, Available: 0 });
    expect(await expectLedgerBalanced(h, referrer.userId)).toBe(50);
    const ledger = await h.db.query(`select kind, amount from ledger where user_id = $1 order by id`, [
      referrer.userId,
    ]);
    expect(ledger.rows).toEqual([
      { kind: 'commission', amount: 20 },
      { kind: 'commission', amount: 30 },
    ]);
    expect((await aff(referrer.ssid)).Commission).toEqual({ Pending: 0, Available: 0, PaidOut: 50 });
    expect(await expectLedgerBalanced(h, customer.userId)).toBe(10_000 - 500);
  });

  it('reverses a pending commission when a failed deploy refunds its invoice', async () => {
    const referrer = await signUp(h);
    const code = (await aff(referrer.ssid)).Code;
    const customer = await signUp(h, uniqueEmail('refunded'), 'correct horse 1', { AffCode: code });
    await topUp(h, customer.userId, 10_000);
    h.emulators.get('hk')!.faults.add({ kind: 'task-fail', path: /\/status\/start$/, times: Infinity });
    const d = await deploy(customer.ssid);
    expect(await waitTask(h, customer.ssid, d, 60_000)).toEqual({ Status: 5, Step: 5 });
    expect(await expectLedgerBalanced(h, customer.userId)).toBe(10_000);
    expect(await aff(referrer.ssid)).toMatchObject({ Purchases: 0, Commission: { Pending: 0, Available: 0 } });
    const list = await call<AffiliateCommissionList>(h, 'GET', '/api/user/aff/commissions', { ssid: referrer.ssid });
    expect(list.body.data.Items.map((c) => c.Status)).toEqual(['reversed']);
    clock.advance(15 * DAY_MS);
    await releaseDue(h.db);
    expect((await aff(referrer.ssid)).Commission.Available).toBe(0);
  });

  it('takes back a commission already moved into the balance, never below zero, and settles the rest later', async () => {
    const referrer = await signUp(h);
    const code = (await aff(referrer.ssid)).Code;
    const customer = await signUp(h, uniqueEmail('clawback'), 'correct horse 1', { AffCode: code });
    await topUp(h, customer.userId, 100_000);
    const first = await deploy(customer.ssid, '2 vCPU · 4 GB');
    await waitTask(h, customer.ssid, first);
    clock.advance(15 * DAY_MS);
    await releaseDue(h.db);
    const moved = await withdraw(referrer.ssid, {});
    expect(moved.body.data).toMatchObject({ Amount: 200, Balance: 200 });
    // The referrer spends most of it; then the purchase is refunded.
    await withTx(h.db, (tx) => post(tx, referrer.userId, 'charge', -150, 'spent'));
    const inv = await h.db.query<{ id: number; amount: number }>(
      `select id, amount from invoices where instance_id = $1`,
      [first.InstanceId],
    );
    await withTx(h.db, async (tx) => {
      await post(tx, customer.userId, 'refund', inv.rows[0]!.amount, 'refund');
      await invoices.cancelPaid(tx, inv.rows[0]!.id);
    });
    expect(await expectLedgerBalanced(h, referrer.userId)).toBe(0);
    expect((await aff(referrer.ssid)).Commission).toEqual({ Pending: 0, Available: 0, PaidOut: 150 });
    // 150 is still owed: the next commission (200) settles it first, leaving 50 to move.
    const second = await deploy(customer.ssid, '2 vCPU · 4 GB');
    await waitTask(h, customer.ssid, second);
    clock.advance(15 * DAY_MS);
    await releaseDue(h.db);
    expect((await aff(referrer.ssid)).Commission.Available).toBe(50);
    expect((await withdraw(referrer.ssid, {})).body.data).toMatchObject({ Amount: 50, Balance: 50 });
    expect(await expectLedgerBalanced(h, referrer.userId)).toBe(50);
    expect(await expectLedgerBalanced(h, customer.userId)).toBe(100_000 - 2 * 2000 + 2000);
  });

  it('moves a commission once under concurrent clicks without a key', async () => {
    const referrer = await signUp(h);
    const code = (await aff(referrer.ssid)).Code;
    const customer = await signUp(h, uniqueEmail('double'), 'correct horse 1', { AffCode: code });
    await topUp(h, customer.userId, 10_000);
    await waitTask(h, customer.ssid, await deploy(customer.ssid));
    clock.advance(15 * DAY_MS);
    await releaseDue(h.db);
    const answers = await Promise.all(Array.from({ length: 5 }, () => withdraw(referrer.ssid, {})));
    expect(answers.map((a) => a.status).sort()).toEqual([200, 409, 409, 409, 409]);
    expect(await expectLedgerBalanced(h, referrer.userId)).toBe(50);
  });

  it('refuses bad input and callers without a session', async () => {
    const u = await signUp(h);
    const days = await call(h, 'GET', '/api/user/aff/stats?days=0', { ssid: u.ssid });
    expect([days.status, days.body.code, days.body.fields]).toEqual([
      400,
      'wrong_search_data',
      { days: 'invalid_value' },
    ]);
    const page = await call(h, 'GET', '/api/user/aff/commissions?limit=1000', { ssid: u.ssid });
    expect([page.status, page.body.fields]).toEqual([400, { limit: 'invalid_value' }]);
    const empty = await call(h, 'POST', '/api/aff/click', { body: { Code: '' } });
    expect([empty.status, empty.body.fields]).toEqual([400, { Code: 'required' }]);
    expect((await call(h, 'GET', '/api/user/aff')).status).toBe(401);
    expect((await call(h, 'POST', '/api/user/aff/withdraw', { body: {} })).status).toBe(401);
  });

  it('throttles clicks per address and schedules the release job', async () => {
    let last = 0;
    for (let i = 0; i < 121; i++) last = (await click('anything', { ip: '192.0.2.99', ua: 'bot' })).status;
    expect(last).toBe(429);
    const schedule = await h.db.query(`select cron from pgboss.schedule where name = 'affiliate.release'`);
    expect(schedule.rows).toEqual([{ cron: '* * * * *' }]);
  });
});
