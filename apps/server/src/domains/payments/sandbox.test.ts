import type { Payment } from '@nimbus/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, signUp } from '../../../test/api.js';
import { expectLedgerBalanced } from '../../../test/deploy-helpers.js';
import { startHarness, type Harness } from '../../../test/harness.js';
import { decideOnSandbox, topUpPayment } from '../../../test/payment-helpers.js';

let h: Harness;
beforeAll(async () => {
  h = await startHarness({ AUTH_RATE_LIMIT_SCALE: '50' });
});
afterAll(() => h.close());

const balanceOf = async (userId: number) =>
  (await h.db.query<{ balance: number }>('select balance from users where id = $1', [userId])).rows[0]!.balance;

describe('a top-up through the sandbox gateway', () => {
  it('approves on the test page, goes back to /billing and credits the balance once', async () => {
    const u = await signUp(h);
    const payment = await topUpPayment(h, u.ssid, 2500);
    expect(payment).toMatchObject({
      Status: 'pending',
      Method: 'sandbox',
      Purpose: 'topup',
      Amount: 2500,
      InvoiceId: null,
    });
    expect(payment.Url).toMatch(/^\/pay\/sandbox\/\d+\?t=[\w-]+&lang=en_US$/);
    const { page, res } = await decideOnSandbox(h, payment, 'approve');
    expect(page).toContain('TEST GATEWAY');
    expect(page).toContain('25.00 USD');
    expect([res.statusCode, res.headers.location]).toEqual([303, `/billing?payment_id=${payment.Id}`]);
    const after = await call<Payment>(h, 'GET', `/api/payment?id=${payment.Id}`, { ssid: u.ssid });
    expect(after.body.data).toMatchObject({ Status: 'succeeded', Url: null, CompletedAt: expect.any(String) });
    expect(await balanceOf(u.userId)).toBe(2500);
    // The page again, and a second press, change nothing.
    const again = await h.app.inject({ method: 'GET', url: payment.Url! });
    expect(again.body).toContain('already approved');
    expect(await expectLedgerBalanced(h, u.userId)).toBe(2500);
  });

  it('declines: the payment fails and nothing is credited', async () => {
    const u = await signUp(h);
    const payment = await topUpPayment(h, u.ssid, 1000);
    const { res } = await decideOnSandbox(h, payment, 'decline');
    expect(res.statusCode).toBe(303);
    const after = await call<Payment>(h, 'GET', `/api/payment?id=${payment.Id}`, { ssid: u.ssid });
    expect(after.body.data.Status).toBe('failed');
    expect(await expectLedgerBalanced(h, u.userId)).toBe(0);
  });

  it('speaks the language the customer pays in, whatever the browser’s, and groups the amount', async () => {
    const u = await signUp(h);
    const payment = await topUpPayment(h, u.ssid, 123_456, 'sandbox', 'zh-CN,zh;q=0.9');
    const res = await h.app.inject({ method: 'GET', url: payment.Url!, headers: { 'accept-language': 'en-US' } });
    expect(res.body).toContain('测试网关');
    expect(res.body).toContain('<html lang="zh-CN">');
    expect(res.body).toContain('1,234.56 USD');
    // Without the console's word, a Chinese browser still gets Chinese.
    const bare = payment.Url!.replace(/&lang=\w+$/, '');
    const zh = await h.app.inject({ method: 'GET', url: bare, headers: { 'accept-language': 'zh-CN,zh;q=0.9' } });
    expect(zh.body).toContain('<html lang="zh-CN">');
  });

  it('opens only with the payment’s own link, and refuses forged callbacks', async () => {
    const u = await signUp(h);
    const mine = await topUpPayment(h, u.ssid, 1000);
    const other = await topUpPayment(h, u.ssid, 1000);
    const otherToken = new URL(other.Url!, 'http://x').searchParams.get('t')!;
    for (const url of [
      `/pay/sandbox/${mine.Id}`,
      `/pay/sandbox/${mine.Id}?t=${otherToken}`,
      `/pay/sandbox/${mine.Id}?t=x`,
    ]) {
      expect((await h.app.inject({ method: 'GET', url })).statusCode).toBe(404);
    }
    const forgedForm = await h.app.inject({
      method: 'POST',
      url: `/pay/sandbox/${mine.Id}`,
      payload: `t=${otherToken}&decision=approve`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(forgedForm.statusCode).toBe(400);
    const body = JSON.stringify({ PaymentId: mine.Id, Outcome: 'succeeded' });
    for (const signature of [undefined, 'f'.repeat(64), 'nonsense']) {
      const r = await h.app.inject({
        method: 'POST',
        url: '/api/payment/sandbox/webhook',
        payload: body,
        headers: {
          'content-type': 'application/json',
          ...(signature ? { 'nimbus-sandbox-signature': signature } : {}),
        },
      });
      expect([r.statusCode, r.json().code]).toEqual([400, 'parse_data_error']);
    }
    const after = await call<Payment>(h, 'GET', `/api/payment?id=${mine.Id}`, { ssid: u.ssid });
    expect(after.body.data.Status).toBe('pending');
    expect(await expectLedgerBalanced(h, u.userId)).toBe(0);
  });
});

describe('the top-up rate limit', () => {
  it('lets a customer start 30 top-ups an hour, then answers 429; a retry with its key still answers', async () => {
    const u = await signUp(h);
    const body = { Amount: 500, Method: 'sandbox' };
    const first = await call<Payment>(h, 'POST', '/api/balance/topup', { ssid: u.ssid, body, key: 'first' });
    for (let i = 1; i < 30; i++) await topUpPayment(h, u.ssid, 500);
    const over = await call(h, 'POST', '/api/balance/topup', { ssid: u.ssid, body });
    expect([over.status, over.body.code]).toEqual([429, 'rate_limit_exceeded']);
    const retried = await call<Payment>(h, 'POST', '/api/balance/topup', { ssid: u.ssid, body, key: 'first' });
    expect(retried.body).toEqual(first.body);
    // Another customer is not held back.
    await topUpPayment(h, (await signUp(h)).ssid, 500);
  });
});
