import type { Invoice, InvoiceList, InvoicePayResult, LedgerList, Payment, PaymentMethods } from '@nimbus/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, signUp } from '../../../test/api.js';
import { expectLedgerBalanced, topUp } from '../../../test/deploy-helpers.js';
import { startHarness, type Harness } from '../../../test/harness.js';
import { decideOnSandbox, topUpPayment, unpaidInvoice } from '../../../test/payment-helpers.js';

let h: Harness;
beforeAll(async () => {
  h = await startHarness({ AUTH_RATE_LIMIT_SCALE: '50', TOPUP_RATE_LIMIT_PER_HOUR: '500' });
});
afterAll(() => h.close());

type Customer = Awaited<ReturnType<typeof signUp>>;
const invoices = (u: Customer, qs = '') => call<InvoiceList>(h, 'GET', `/api/invoices${qs}`, { ssid: u.ssid });
const invoice = (u: Customer, id: number) => call<Invoice>(h, 'GET', `/api/invoice?id=${id}`, { ssid: u.ssid });
const pay = (u: Customer, body: unknown, key?: string) =>
  call<InvoicePayResult>(h, 'POST', '/api/invoice/pay', { ssid: u.ssid, body, key });

describe('paying an invoice', () => {
  it('pays from the balance once; again is wrong_status; too little balance is balance_not_enough', async () => {
    const u = await signUp(h);
    const a = await unpaidInvoice(h, u.userId, 700);
    const poor = await pay(u, { Id: a.id, Method: 'balance' });
    expect([poor.status, poor.body.code]).toEqual([409, 'balance_not_enough']);
    await topUp(h, u.userId, 1000);
    const r = await pay(u, { Id: a.id, Method: 'balance' }, 'pay-a');
    expect(r.body.data).toMatchObject({ Invoice: { Id: a.id, Status: 'paid' }, Payment: null });
    // The same key and body answers the same; another body under that key is refused.
    expect((await pay(u, { Id: a.id, Method: 'balance' }, 'pay-a')).body).toEqual(r.body);
    const reused = await pay(u, { Id: a.id, Method: 'sandbox' }, 'pay-a');
    expect([reused.status, reused.body.fields]).toEqual([400, { 'idempotency-key': 'key_reused' }]);
    const twice = await pay(u, { Id: a.id, Method: 'balance' });
    expect([twice.status, twice.body.code]).toEqual([409, 'wrong_status']);
    expect(await expectLedgerBalanced(h, u.userId)).toBe(300);
  });

  it('pays through a gateway: the invoice is paid when the payment completes', async () => {
    const u = await signUp(h);
    const inv = await unpaidInvoice(h, u.userId, 4200);
    const r = await pay(u, { Id: inv.id, Method: 'sandbox' });
    expect(r.body.data).toMatchObject({
      Invoice: { Id: inv.id, Status: 'unpaid' },
      Payment: { Purpose: 'invoice', InvoiceId: inv.id, Amount: 4200, Status: 'pending' },
    });
    await decideOnSandbox(h, r.body.data.Payment!, 'approve');
    expect((await invoice(u, inv.id)).body.data.Status).toBe('paid');
    const ledger = await call<LedgerList>(h, 'GET', '/api/balance/transactions', { ssid: u.ssid });
    expect(ledger.body.data.Items.map((e) => [e.Kind, e.Amount, e.BalanceAfter])).toEqual([
      ['charge', -4200, 0],
      ['topup', 4200, 4200],
    ]);
    expect(await expectLedgerBalanced(h, u.userId)).toBe(0);
  });

  it('keeps the money on the balance when the invoice was paid meanwhile', async () => {
    const u = await signUp(h);
    const inv = await unpaidInvoice(h, u.userId, 500);
    const viaGateway = await pay(u, { Id: inv.id, Method: 'sandbox' });
    await topUp(h, u.userId, 500);
    expect((await pay(u, { Id: inv.id, Method: 'balance' })).status).toBe(200);
    await decideOnSandbox(h, viaGateway.body.data.Payment!, 'approve');
    const payment = await call<Payment>(h, 'GET', `/api/payment?id=${viaGateway.body.data.Payment!.Id}`, {
      ssid: u.ssid,
    });
    expect(payment.body.data.Status).toBe('succeeded');
    expect(await expectLedgerBalanced(h, u.userId)).toBe(500);
    const again = await pay(u, { Id: inv.id, Method: 'sandbox' });
    expect([again.status, again.body.code]).toEqual([409, 'wrong_status']);
  });

  it('refuses a free invoice through a gateway, and unknown methods', async () => {
    const u = await signUp(h);
    const free = await unpaidInvoice(h, u.userId, 0);
    const r = await pay(u, { Id: free.id, Method: 'sandbox' });
    expect([r.status, r.body.code]).toEqual([409, 'finish_invoice_error']);
    const stripe = await pay(u, { Id: free.id, Method: 'stripe' });
    expect([stripe.status, stripe.body.code]).toEqual([409, 'invalid_option']);
    expect((await pay(u, { Id: free.id, Method: 'cash' })).body.fields).toEqual({ Method: 'invalid_value' });
  });
});

describe('top-ups', () => {
  it('offers the balance and the sandbox with the operator’s limits', async () => {
    const u = await signUp(h);
    const r = await call<PaymentMethods>(h, 'GET', '/api/paymentMethods', { ssid: u.ssid });
    expect(r.body.data).toEqual({
      Methods: [
        { Id: 'balance', Name: 'Balance', Kind: 'balance', Test: false },
        { Id: 'sandbox', Name: 'Sandbox', Kind: 'gateway', Test: true },
      ],
      TopUp: { Min: 100, Max: 1_000_000, Presets: [1000, 2000, 5000, 10000], Currency: 'USD' },
      StripePublishableKey: null,
    });
  });

  it('refuses amounts outside the limits and methods that are no gateway', async () => {
    const u = await signUp(h);
    const t = (body: unknown) => call(h, 'POST', '/api/balance/topup', { ssid: u.ssid, body });
    expect((await t({ Amount: 99, Method: 'sandbox' })).body.fields).toEqual({ Amount: 'amount_too_small' });
    expect((await t({ Amount: 1_000_001, Method: 'sandbox' })).body.fields).toEqual({ Amount: 'amount_too_large' });
    expect((await t({ Amount: 1.5, Method: 'sandbox' })).body.fields).toEqual({ Amount: 'invalid_value' });
    for (const Method of ['balance', 'stripe']) {
      const r = await t({ Amount: 1000, Method });
      expect([r.status, r.body.code]).toEqual([409, 'invalid_option']);
    }
  });

  it('answers a retried top-up with the same payment', async () => {
    const u = await signUp(h);
    const body = { Amount: 1500, Method: 'sandbox' };
    const [a, b] = await Promise.all([
      call<Payment>(h, 'POST', '/api/balance/topup', { ssid: u.ssid, body, key: 'k1' }),
      call<Payment>(h, 'POST', '/api/balance/topup', { ssid: u.ssid, body, key: 'k1' }),
    ]);
    expect(b.body).toEqual(a.body);
    const other = await call(h, 'POST', '/api/balance/topup', {
      ssid: u.ssid,
      body: { ...body, Amount: 1600 },
      key: 'k1',
    });
    expect(other.body.fields).toEqual({ 'idempotency-key': 'key_reused' });
    const { rows } = await h.db.query('select id from payments where user_id = $1', [u.userId]);
    expect(rows).toHaveLength(1);
  });

  it('treats another customer’s payment as not found', async () => {
    const u = await signUp(h);
    const other = await signUp(h);
    const p = await topUpPayment(h, u.ssid, 1000);
    for (const r of [
      await call(h, 'GET', `/api/payment?id=${p.Id}`, { ssid: other.ssid }),
      await call(h, 'GET', `/api/payment?id=${p.Id + 1_000_000}`, { ssid: u.ssid }),
    ]) {
      expect([r.status, r.body.code]).toEqual([404, 'db_no_record']);
    }
  });
});

describe('under concurrency', () => {
  it('50 invoice payments and 50 top-ups at once keep the ledger right and the balance never negative', async () => {
    const u = await signUp(h);
    await topUp(h, u.userId, 2_000);
    const bills = await Promise.all(Array.from({ length: 50 }, () => unpaidInvoice(h, u.userId, 100)));
    const payments = await Promise.all(Array.from({ length: 50 }, () => topUpPayment(h, u.ssid, 100)));
    const [pays, approvals] = await Promise.all([
      Promise.all(bills.map((b) => pay(u, { Id: b.id, Method: 'balance' }))),
      Promise.all(payments.map((p, i) => decideOnSandbox(h, p, i % 5 === 0 ? 'decline' : 'approve'))),
    ]);
    for (const r of pays) expect([200, 409]).toContain(r.status);
    const paidCount = pays.filter((r) => r.status === 200).length;
    expect(pays.filter((r) => r.status === 409).every((r) => r.body.code === 'balance_not_enough')).toBe(true);
    expect(approvals.every((a) => a.res.statusCode === 303)).toBe(true);
    const balance = await expectLedgerBalanced(h, u.userId);
    expect(balance).toBe(2_000 + 40 * 100 - paidCount * 100);
    const { rows } = await h.db.query<{ n: number }>(
      'select count(*)::int as n from ledger where user_id = $1 and balance_after < 0',
      [u.userId],
    );
    expect(rows[0]!.n).toBe(0);
    expect((await invoices(u, '?status=paid')).body.data.Total).toBe(paidCount);
  });
});
