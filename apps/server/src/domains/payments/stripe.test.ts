import type { InvoicePayResult, Invoice, Payment, PaymentMethods } from '@nimbus/contract';
import pg from 'pg';
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, signUp } from '../../../test/api.js';
import { expectLedgerBalanced } from '../../../test/deploy-helpers.js';
import { startHarness, type Harness } from '../../../test/harness.js';
import { topUpPayment, unpaidInvoice } from '../../../test/payment-helpers.js';
import { checkoutSession, StripeStandIn, type CreatedSession } from '../../../test/stripe-stand-in.js';

const WEBHOOK_SECRET = 'whsec_test_nimbus_secret';
const stand = new StripeStandIn();
let h: Harness;
beforeAll(async () => {
  const base = await stand.start();
  h = await startHarness({
    AUTH_RATE_LIMIT_SCALE: '50',
    STRIPE_SECRET_KEY: 'sk_test_nimbus',
    STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
    STRIPE_PUBLISHABLE_KEY: 'pk_test_nimbus',
    STRIPE_API_BASE: base,
  });
});
afterAll(async () => {
  await h.close();
  await stand.stop();
});

type Customer = Awaited<ReturnType<typeof signUp>>;
type EventType =
  | 'checkout.session.completed'
  | 'checkout.session.async_payment_succeeded'
  | 'checkout.session.async_payment_failed'
  | 'checkout.session.expired';

let eventCounter = 0;
/** A Checkout Session event as Stripe sends it: JSON, signed with the package's own test helper. */
function signedEvent(
  session: CreatedSession,
  type: EventType,
  over: Record<string, unknown> = {},
  secret = WEBHOOK_SECRET,
) {
  const payload = JSON.stringify({
    id: `evt_test_${eventCounter++}`,
    object: 'event',
    type,
    created: Math.floor(Date.now() / 1000),
    data: { object: checkoutSession(session.id, session.params, over) },
  });
  return { payload, signature: Stripe.webhooks.generateTestHeaderString({ payload, secret }) };
}

async function deliver(e: { payload: string; signature?: string }) {
  const res = await h.app.inject({
    method: 'POST',
    url: '/api/payment/stripe/webhook',
    payload: e.payload,
    headers: {
      'content-type': 'application/json; charset=utf-8',
      ...(e.signature ? { 'stripe-signature': e.signature } : {}),
    },
  });
  return { status: res.statusCode, body: res.json() as { code?: string } };
}

const PAID = { status: 'complete', payment_status: 'paid' };

async function stripeTopUp(u: Customer, amount: number) {
  const payment = await topUpPayment(h, u.ssid, amount, 'stripe');
  const session = stand.sessions.at(-1)!;
  expect(session.params.get('metadata[payment_id]')).toBe(String(payment.Id));
  return { payment, session };
}
const statusOf = async (u: Customer, id: number) =>
  (await call<Payment>(h, 'GET', `/api/payment?id=${id}`, { ssid: u.ssid })).body.data.Status;

describe('top-ups through Stripe Checkout', () => {
  it('offers Stripe with its publishable key, and lets Stripe.js through the CSP', async () => {
    const u = await signUp(h);
    const r = await call<PaymentMethods>(h, 'GET', '/api/paymentMethods', { ssid: u.ssid });
    expect(r.body.data.Methods.map((m) => [m.Id, m.Test])).toEqual([
      ['balance', false],
      ['stripe', true],
    ]);
    expect(r.body.data.StripePublishableKey).toBe('pk_test_nimbus');
    expect(JSON.stringify(r.body)).not.toContain('sk_test');
    // The pages load Stripe.js (API answers have a CSP of their own that loads nothing).
    const page = await h.app.inject({ method: 'GET', url: '/billing' });
    const csp = String(page.headers['content-security-policy']);
    expect(csp).toContain("script-src 'self' https://js.stripe.com");
    expect(csp).toContain('https://api.stripe.com');
  });

  it('creates a Checkout Session for the amount, with the payment id and the way back to /billing', async () => {
    const u = await signUp(h);
    const { payment, session } = await stripeTopUp(u, 2500);
    expect(payment).toMatchObject({
      Method: 'stripe',
      Status: 'pending',
      Url: `https://checkout.stripe.com/c/pay/${session.id}`,
    });
    const p = session.params;
    expect(p.get('mode')).toBe('payment');
    expect(p.get('line_items[0][price_data][unit_amount]')).toBe('2500');
    expect(p.get('line_items[0][price_data][currency]')).toBe('usd');
    expect(p.get('success_url')).toBe(`${h.ctx.config.PUBLIC_URL}/billing?payment_id=${payment.Id}`);
    expect(p.get('customer_email')).toBe(u.email);
    expect(session.idempotencyKey).toBe(`nimbus-payment-${payment.Id}`);
    expect(session.authorization).toBe('Bearer sk_test_nimbus');
  });

  it('answers create_payment_error when Stripe refuses, and keeps no payment', async () => {
    const u = await signUp(h);
    stand.failNext = true;
    const r = await call(h, 'POST', '/api/balance/topup', {
      ssid: u.ssid,
      key: 'refused-once',
      body: { Amount: 100, Method: 'stripe' },
    });
    expect([r.status, r.body.code]).toEqual([502, 'create_payment_error']);
    const { rows } = await h.db.query('select 1 from payments where user_id = $1', [u.userId]);
    expect(rows).toHaveLength(0);
    // The Idempotency-Key of the refused request is free again: its retry makes the payment.
    const again = await call<Payment>(h, 'POST', '/api/balance/topup', {
      ssid: u.ssid,
      key: 'refused-once',
      body: { Amount: 100, Method: 'stripe' },
    });
    expect(again.status).toBe(200);
  });

  it('calls Stripe with no database transaction open, so parallel top-ups leave the API answering', async () => {
    const customers = await Promise.all(Array.from({ length: 15 }, () => signUp(h)));
    const watcher = new pg.Client({ connectionString: h.databaseUrl });
    await watcher.connect();
    const seen: number[] = [];
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    let arrived = 0;
    stand.beforeAnswer = async () => {
      arrived++;
      await held;
    };
    try {
      const topUps = Promise.all(
        customers.map((u, i) =>
          call<Payment>(h, 'POST', '/api/balance/topup', {
            ssid: u.ssid,
            key: `parallel-${i}`,
            body: { Amount: 1000, Method: 'stripe' },
          }),
        ),
      );
      const until = Date.now() + 15_000;
      while (arrived < customers.length && Date.now() < until) await new Promise((resolve) => setTimeout(resolve, 20));
      // Every checkout is at Stripe now: no connection of the console sits in a transaction, and
      // another customer's read is answered.
      const { rows } = await watcher.query<{ n: number }>(
        `select count(*)::int as n from pg_stat_activity
         where datname = current_database() and state like 'idle in transaction%'`,
      );
      seen.push(arrived, rows[0]!.n);
      const read = await call(h, 'GET', '/api/balance/transactions', { ssid: customers[0]!.ssid });
      release();
      expect(read.status).toBe(200);
      const results = await topUps;
      expect(results.map((r) => r.status)).toEqual(Array(15).fill(200));
      expect(results.every((r) => r.body.data.Url?.startsWith('https://checkout.stripe.com/'))).toBe(true);
    } finally {
      release();
      stand.beforeAnswer = null;
      await watcher.end();
    }
    expect(seen).toEqual([15, 0]);
  }, 60_000);
});

describe('the Stripe webhook', () => {
  it('credits once across 1,000 replays mixed with expiries, in any order', async () => {
    const u = await signUp(h);
    const { payment, session } = await stripeTopUp(u, 1000);
    const completed = signedEvent(session, 'checkout.session.completed', PAID);
    const expired = signedEvent(session, 'checkout.session.expired', { status: 'expired' });
    const deliveries = Array.from({ length: 1000 }, (_, i) => (i % 10 === 3 ? expired : completed));
    for (let i = 0; i < deliveries.length; i += 25) {
      const batch = await Promise.all(deliveries.slice(i, i + 25).map(deliver));
      for (const r of batch) expect(r.status).toBe(200);
    }
    expect(await statusOf(u, payment.Id)).toBe('succeeded');
    expect(await expectLedgerBalanced(h, u.userId)).toBe(1000);
    const { rows } = await h.db.query('select 1 from ledger where user_id = $1', [u.userId]);
    expect(rows).toHaveLength(1);
  });

  it('credits a payment completed after it was reported expired; a later expiry changes nothing', async () => {
    const u = await signUp(h);
    const { payment, session } = await stripeTopUp(u, 700);
    expect((await deliver(signedEvent(session, 'checkout.session.expired'))).status).toBe(200);
    expect(await statusOf(u, payment.Id)).toBe('expired');
    await deliver(signedEvent(session, 'checkout.session.completed', PAID));
    await deliver(signedEvent(session, 'checkout.session.expired'));
    expect(await statusOf(u, payment.Id)).toBe('succeeded');
    expect(await expectLedgerBalanced(h, u.userId)).toBe(700);
  });

  it('waits for a delayed payment method: credited on async success, nothing on async failure', async () => {
    const u = await signUp(h);
    const good = await stripeTopUp(u, 300);
    const bad = await stripeTopUp(u, 400);
    for (const s of [good.session, bad.session]) {
      await deliver(signedEvent(s, 'checkout.session.completed', { status: 'complete', payment_status: 'unpaid' }));
    }
    expect(await statusOf(u, good.payment.Id)).toBe('pending');
    await deliver(signedEvent(good.session, 'checkout.session.async_payment_succeeded', PAID));
    await deliver(signedEvent(bad.session, 'checkout.session.async_payment_failed'));
    expect([await statusOf(u, good.payment.Id), await statusOf(u, bad.payment.Id)]).toEqual(['succeeded', 'failed']);
    expect(await expectLedgerBalanced(h, u.userId)).toBe(300);
  });

  it('refuses a bad signature with 400 and credits nothing', async () => {
    const u = await signUp(h);
    const { payment, session } = await stripeTopUp(u, 900);
    const genuine = signedEvent(session, 'checkout.session.completed', PAID);
    const forged = signedEvent(session, 'checkout.session.completed', PAID, 'whsec_someone_else');
    const tampered = {
      payload: genuine.payload.replace('"amount_total":900', '"amount_total":90000'),
      signature: genuine.signature,
    };
    for (const e of [
      forged,
      tampered,
      { payload: genuine.payload },
      { payload: genuine.payload, signature: 't=1,v1=00' },
    ]) {
      const r = await deliver(e);
      expect([r.status, r.body.code]).toEqual([400, 'parse_data_error']);
    }
    expect(await statusOf(u, payment.Id)).toBe('pending');
    expect(await expectLedgerBalanced(h, u.userId)).toBe(0);
  });

  it('ignores a signed event that does not match the payment (amount, session) or names none of ours', async () => {
    const u = await signUp(h);
    const { payment, session } = await stripeTopUp(u, 800);
    for (const e of [
      signedEvent(session, 'checkout.session.completed', { ...PAID, amount_total: 80_000 }),
      signedEvent({ ...session, id: 'cs_test_other' }, 'checkout.session.completed', PAID),
      signedEvent(session, 'checkout.session.completed', {
        ...PAID,
        metadata: { payment_id: '999999999' },
        client_reference_id: null,
      }),
    ]) {
      expect((await deliver(e)).status).toBe(200);
    }
    expect(await statusOf(u, payment.Id)).toBe('pending');
    expect(await expectLedgerBalanced(h, u.userId)).toBe(0);
  });

  it('pays an invoice through Stripe when its payment completes', async () => {
    const u = await signUp(h);
    const inv = await unpaidInvoice(h, u.userId, 1999);
    const r = await call<InvoicePayResult>(h, 'POST', '/api/invoice/pay', {
      ssid: u.ssid,
      body: { Id: inv.id, Method: 'stripe' },
      key: 'pay-by-card',
    });
    expect(r.body.data.Payment).toMatchObject({ Method: 'stripe', Purpose: 'invoice', Amount: 1999 });
    const session = stand.sessions.at(-1)!;
    expect(session.params.get('line_items[0][price_data][product_data][name]')).toBe(`Invoice #${inv.id}`);
    await Promise.all(
      Array.from({ length: 20 }, () => deliver(signedEvent(session, 'checkout.session.completed', PAID))),
    );
    const after = await call<Invoice>(h, 'GET', `/api/invoice?id=${inv.id}`, { ssid: u.ssid });
    expect(after.body.data.Status).toBe('paid');
    expect(await expectLedgerBalanced(h, u.userId)).toBe(0);
    const { rows } = await h.db.query('select kind, amount from ledger where user_id = $1 order by id', [u.userId]);
    expect(rows).toEqual([
      { kind: 'topup', amount: 1999 },
      { kind: 'charge', amount: -1999 },
    ]);
  });
});
