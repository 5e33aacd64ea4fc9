import type { AffiliateCommissionList, AffiliateSummary, DeployResult, InvoicePayResult } from '@nimbus/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, signUp, uniqueEmail } from '../../../test/api.js';
import { deployBody, expectLedgerBalanced, pick } from '../../../test/deploy-helpers.js';
import { startHarness, type Harness } from '../../../test/harness.js';
import { topUpPayment, unpaidInvoice } from '../../../test/payment-helpers.js';
import { checkoutSession, StripeStandIn, stripeEvent } from '../../../test/stripe-stand-in.js';

// Stripe takes money back after it paid us: a refund made in its dashboard (charge.refunded, with
// the refunds so far) or a card holder's dispute (charge.dispute.created, then .closed won or
// lost). The balance gives it back through the ledger exactly once, whatever the replays.
const WEBHOOK_SECRET = 'whsec_test_nimbus_secret';
const stand = new StripeStandIn();
let h: Harness;
beforeAll(async () => {
  const base = await stand.start();
  h = await startHarness(
    {
      AUTH_RATE_LIMIT_SCALE: '50',
      STRIPE_SECRET_KEY: 'sk_test_nimbus',
      STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
      STRIPE_API_BASE: base,
    },
    { compute: {} },
  );
});
afterAll(async () => {
  await h.close();
  await stand.stop();
});

type Customer = Awaited<ReturnType<typeof signUp>>;

async function deliver(type: string, object: Record<string, unknown>) {
  const e = stripeEvent(type, object, WEBHOOK_SECRET);
  const res = await h.app.inject({
    method: 'POST',
    url: '/api/payment/stripe/webhook',
    payload: e.payload,
    headers: { 'content-type': 'application/json; charset=utf-8', 'stripe-signature': e.signature },
  });
  expect(res.statusCode).toBe(200);
}

let intents = 0;
/** Completes the newest Checkout Session with a PaymentIntent of its own; answers the intent's id. */
async function completeLast(): Promise<string> {
  const session = stand.sessions.at(-1)!;
  const pi = `pi_test_${intents++}`;
  await deliver(
    'checkout.session.completed',
    checkoutSession(session.id, session.params, { status: 'complete', payment_status: 'paid', payment_intent: pi }),
  );
  return pi;
}

async function stripeTopUp(u: Customer, amount: number): Promise<string> {
  await topUpPayment(h, u.ssid, amount, 'stripe');
  return completeLast();
}

const refunded = (pi: string, amount: number, total: number) =>
  deliver('charge.refunded', {
    id: `ch_${pi}`,
    object: 'charge',
    payment_intent: pi,
    amount: total,
    amount_refunded: amount,
    currency: 'usd',
  });
const dispute = (pi: string, type: 'created' | 'closed', status: string, amount: number) =>
  deliver(`charge.dispute.${type}`, {
    id: `dp_${pi}`,
    object: 'dispute',
    charge: `ch_${pi}`,
    payment_intent: pi,
    amount,
    currency: 'usd',
    status,
  });

async function deploy(u: Customer) {
  const { product, templates } = await pick(h, u.ssid, 'Hong Kong', 'Standard', '1 vCPU · 1 GB');
  return call<DeployResult>(h, 'POST', '/api/deploy', {
    ssid: u.ssid,
    body: deployBody(product.Id, templates[0]!.Id),
  });
}

describe('refunds and chargebacks through Stripe', { timeout: 60_000 }, () => {
  it('takes a refund back once under replays; the debt blocks deploys until a top-up pays it', async () => {
    const u = await signUp(h);
    const pi = await stripeTopUp(u, 1000);
    const inv = await unpaidInvoice(h, u.userId, 800);
    const paid = await call(h, 'POST', '/api/invoice/pay', { ssid: u.ssid, body: { Id: inv.id, Method: 'balance' } });
    expect(paid.status).toBe(200);
    expect(await expectLedgerBalanced(h, u.userId)).toBe(200);

    // A partial refund, then the rest; replayed, and the older event arriving last.
    await Promise.all([refunded(pi, 400, 1000), refunded(pi, 400, 1000)]);
    expect(await expectLedgerBalanced(h, u.userId)).toBe(-200);
    await Promise.all(Array.from({ length: 5 }, () => refunded(pi, 1000, 1000)));
    await refunded(pi, 400, 1000);
    expect(await expectLedgerBalanced(h, u.userId)).toBe(-800);

    // In debt: a deploy (even one the old balance covered) and invoice payments are refused.
    const blocked = await deploy(u);
    expect([blocked.status, blocked.body.code]).toEqual([409, 'balance_not_enough']);
    // A top-up pays the debt first; once the balance covers the price, deploys work again.
    await stripeTopUp(u, 1000);
    expect(await expectLedgerBalanced(h, u.userId)).toBe(200);
    expect((await deploy(u)).body.code).toBe('balance_not_enough');
    await stripeTopUp(u, 300);
    const ok = await deploy(u);
    expect(ok.status, JSON.stringify(ok.body)).toBe(200);
    expect(await expectLedgerBalanced(h, u.userId)).toBe(0);
    const notes = await h.db.query<{ amount: number }>(
      `select amount from ledger where user_id = $1 and note_data->>'key' = 'payment_refunded' order by id`,
      [u.userId],
    );
    expect(notes.rows.map((r) => r.amount)).toEqual([-400, -600]);
  });

  it('withdraws a disputed payment once, gives it back once when won, and keeps it when lost', async () => {
    const u = await signUp(h);
    const won = await stripeTopUp(u, 700);
    const lost = await stripeTopUp(u, 500);
    expect(await expectLedgerBalanced(h, u.userId)).toBe(1200);
    await Promise.all(Array.from({ length: 4 }, () => dispute(won, 'created', 'needs_response', 700)));
    expect(await expectLedgerBalanced(h, u.userId)).toBe(500);
    await Promise.all(Array.from({ length: 4 }, () => dispute(won, 'closed', 'won', 700)));
    await dispute(won, 'created', 'needs_response', 700);
    expect(await expectLedgerBalanced(h, u.userId)).toBe(1200);

    await dispute(lost, 'created', 'needs_response', 500);
    await dispute(lost, 'closed', 'lost', 500);
    await dispute(lost, 'closed', 'lost', 500);
    expect(await expectLedgerBalanced(h, u.userId)).toBe(700);
    // An event naming a charge that is not ours changes nothing.
    await dispute('pi_test_unknown', 'created', 'needs_response', 500);
    expect(await expectLedgerBalanced(h, u.userId)).toBe(700);
  });

  it('reverses the affiliate commission of an invoice paid by a disputed payment', async () => {
    const referrer = await signUp(h);
    const code = (await call<AffiliateSummary>(h, 'GET', '/api/user/aff', { ssid: referrer.ssid })).body.data.Code;
    const u = await signUp(h, uniqueEmail('disputer'), 'correct horse 1', { AffCode: code });
    const inv = await unpaidInvoice(h, u.userId, 2000);
    const r = await call<InvoicePayResult>(h, 'POST', '/api/invoice/pay', {
      ssid: u.ssid,
      body: { Id: inv.id, Method: 'stripe' },
    });
    expect(r.status).toBe(200);
    const pi = await completeLast();
    const commissions = async () =>
      (await call<AffiliateCommissionList>(h, 'GET', '/api/user/aff/commissions', { ssid: referrer.ssid })).body.data
        .Items;
    expect((await commissions()).map((c) => c.Status)).toEqual(['pending']);
    await dispute(pi, 'created', 'needs_response', 2000);
    expect((await commissions()).map((c) => c.Status)).toEqual(['reversed']);
    expect(await expectLedgerBalanced(h, u.userId)).toBe(-2000);
  });
});
