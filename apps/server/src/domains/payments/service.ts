import {
  type Locale,
  type LocalText,
  type InvoicePayBody,
  type InvoicePayResult,
  type Payment,
  type PaymentMethods,
  type TopUpBody,
} from '@nimbus/contract';
import type { GatewayId } from '../../infra/config/env.js';
import { withSavepoint, withTx, type Tx } from '../../infra/db/pool.js';
import type { Context } from '../../infra/lib/context.js';
import { AppError, badRequest } from '../../infra/lib/errors.js';
import { forgetKey, idempotent } from '../../infra/lib/idempotency.js';
import { reverseCommission } from '../affiliate/index.js';
import { invoices, billing, getInvoice } from '../billing/index.js';
import { line, post, users } from '../users/index.js';
import { Throttle } from '../../infra/throttle/throttle.js';
import { gatewaysOf } from './gateways/index.js';
import type { Gateway, GatewayEvent, Outcome, ReversalEvent } from './gateways/types.js';
import { payments, type PaymentRow } from './repository.js';

export function toPayment(row: PaymentRow): Payment {
  return {
    Id: row.id,
    Status: row.status,
    Method: row.method,
    Purpose: row.purpose,
    InvoiceId: row.invoice_id,
    Amount: row.amount,
    Currency: row.currency.trim(),
    Url: row.status === 'pending' ? row.url : null,
    CreatedAt: row.created_at.toISOString(),
    CompletedAt: row.completed_at ? row.completed_at.toISOString() : null,
  };
}

/** api/paymentMethods (docs/product/billing.md#api): the balance (for invoices), then the configured gateways. */
export function paymentMethods(ctx: Context): PaymentMethods {
  const c = ctx.config;
  return {
    Methods: [
      { Id: 'balance', Name: 'Balance', Kind: 'balance', Test: false },
      ...[...gatewaysOf(ctx).all.values()].map((g) => ({
        Id: g.id,
        Name: g.name,
        Kind: 'gateway' as const,
        Test: g.test,
      })),
    ],
    TopUp: { Min: c.TOPUP_MIN, Max: c.TOPUP_MAX, Presets: c.TOPUP_PRESETS, Currency: c.CURRENCY },
    StripePublishableKey: c.PAYMENT_GATEWAYS.includes('stripe') ? (c.STRIPE_PUBLISHABLE_KEY ?? null) : null,
  };
}

function gatewayFor(ctx: Context, method: string): Gateway {
  const gateway = gatewaysOf(ctx).all.get(method as GatewayId);
  if (!gateway) throw new AppError('invalid_option', 409);
  return gateway;
}

/** A pending payment, recorded in the caller's transaction; its checkout is made after the commit. */
async function recordPayment(
  tx: Tx,
  gateway: Gateway,
  p: { userId: number; purpose: PaymentRow['purpose']; invoiceId: number | null; amount: number; locale: Locale },
): Promise<Started> {
  const user = await users.byId(tx, p.userId);
  if (!user) throw new AppError('invalid_session', 401);
  // In the balance's own currency (CURRENCY applies to new accounts; older ones keep theirs).
  const payment = await payments.insert(tx, { ...p, method: gateway.id, currency: user.currency.trim() });
  return { PaymentId: payment.id };
}

/** What a request that starts a payment keeps under its Idempotency-Key: the payment it recorded. */
interface Started {
  PaymentId: number;
}

/**
 * The gateway's checkout page for a recorded payment, made with no transaction open: the gateway's
 * round trip holds no pooled connection and no lock. The gateway's own idempotency key is the
 * payment's, so running this again (a replay of the request) gets the same page. A gateway that
 * refuses undoes the request: the payment (which no customer can have paid, having no page) is
 * removed, and the Idempotency-Key and the top-up limit's count are given back, so that a retry
 * starts afresh (create_payment_error).
 */
async function checkout(
  ctx: Context,
  gateway: Gateway,
  started: Started,
  request: { userId: number; route: string; key: string | undefined; throttleKey?: string },
): Promise<PaymentRow> {
  const payment = await payments.byId(ctx.db, started.PaymentId, request.userId);
  if (!payment) throw new AppError('create_payment_error', 502);
  if (payment.url || payment.status !== 'pending') return payment;
  const user = (await users.byId(ctx.db, payment.user_id))!;
  let page: { url: string; ref: string | null };
  try {
    page = await gateway.createCheckout(payment, { email: user.email });
  } catch (e) {
    ctx.log.error({ err: e, paymentId: payment.id, gateway: gateway.id }, 'the gateway refused a checkout');
    await withTx(ctx.db, async (tx) => {
      if (!(await payments.dropUnstarted(tx, payment.id))) return;
      await forgetKey(tx, request);
      if (request.throttleKey) await new Throttle(tx).unhit(request.throttleKey);
    });
    throw new AppError('create_payment_error', 502);
  }
  const row = await payments.setCheckout(ctx.db, payment.id, page.url, page.ref);
  if (!row) throw new AppError('create_payment_error', 502);
  return row;
}

const TOPUP_WINDOW_SECONDS = 3600;

/**
 * api/balance/topup (docs/product/billing.md#top-ups-and-gateways): a pending top-up and where to
 * pay it. The payment is recorded and committed first; the gateway is called after, outside any
 * transaction.
 */
export async function topUp(
  ctx: Context,
  userId: number,
  body: TopUpBody,
  key: string | undefined,
  locale: Locale,
): Promise<Payment> {
  const c = ctx.config;
  if (body.Amount < c.TOPUP_MIN) throw badRequest({ Amount: 'amount_too_small' });
  if (body.Amount > c.TOPUP_MAX) throw badRequest({ Amount: 'amount_too_large' });
  const gateway = gatewayFor(ctx, body.Method);
  const route = 'balance/topup';
  const throttleKey = `topup:${userId}`;
  const started = await withTx(ctx.db, (tx) =>
    idempotent(tx, { userId, route, key, body }, async () => {
      // Counted in the transaction, so a retry answered from its key costs nothing, and without a
      // second pooled connection; a gateway failure gives the count back (checkout).
      await new Throttle(tx).enforce(throttleKey, {
        limit: c.TOPUP_RATE_LIMIT_PER_HOUR,
        windowSeconds: TOPUP_WINDOW_SECONDS,
        scope: 'account',
      });
      return recordPayment(tx, gateway, { userId, purpose: 'topup', invoiceId: null, amount: body.Amount, locale });
    }),
  );
  return toPayment(await checkout(ctx, gateway, started, { userId, route, key, throttleKey }));
}

export async function getPayment(ctx: Context, userId: number, id: number): Promise<Payment> {
  const row = await payments.byId(ctx.db, id, userId);
  if (!row) throw new AppError('db_no_record', 404);
  return toPayment(row);
}

/**
 * POST api/invoice/pay: from the balance at once, or a payment at a gateway that pays it when
 * complete (recorded and committed first, its checkout made after, outside any transaction).
 */
export async function payInvoice(
  ctx: Context,
  userId: number,
  body: InvoicePayBody,
  key: string | undefined,
  locale: Locale,
): Promise<InvoicePayResult> {
  const gateway = body.Method === 'balance' ? null : gatewayFor(ctx, body.Method);
  const route = 'invoice/pay';
  const done = await withTx(ctx.db, (tx) =>
    idempotent<InvoicePayResult | Started>(tx, { userId, route, key, body }, async () => {
      if (!gateway) {
        await invoices.payFromBalance(tx, userId, body.Id);
        return { Invoice: await getInvoice(tx, userId, body.Id, locale), Payment: null };
      }
      const invoice = await billing.invoice(tx, body.Id, userId);
      if (!invoice) throw new AppError('db_no_record', 404);
      if (invoice.status !== 'unpaid') throw new AppError('wrong_status', 409);
      // Nothing a gateway can collect: a free invoice, or one in another currency than the gateway's.
      if (invoice.amount <= 0 || invoice.currency.trim() !== ctx.config.CURRENCY) {
        throw new AppError('finish_invoice_error', 409);
      }
      return recordPayment(tx, gateway, {
        userId,
        purpose: 'invoice',
        invoiceId: invoice.id,
        amount: invoice.amount,
        locale,
      });
    }),
  );
  if (!('PaymentId' in done)) return done;
  const payment = await checkout(ctx, gateway!, done, { userId, route, key });
  return { Invoice: await getInvoice(ctx.db, userId, body.Id, locale), Payment: toPayment(payment) };
}

/**
 * The one crediting path: a gateway's verified word on a payment, applied exactly once. The row
 * lock serialises every delivery of every event about the payment; money moves only on the first
 * success. A success after a failure or expiry still credits (the gateway took the money), while a
 * failure or expiry after a success changes nothing. For an invoice payment the credit is used to
 * pay the invoice in the same transaction; if it was paid or cancelled meanwhile, the money stays
 * on the balance.
 */
/** How ledger notes and receipts name a gateway. */
export const METHOD_NAMES: Record<PaymentRow['method'], LocalText> = {
  sandbox: { en_US: 'test gateway', zh_CN: '测试网关' },
  stripe: { en_US: 'Stripe', zh_CN: 'Stripe' },
};

export async function complete(ctx: Context, tx: Tx, paymentId: number, outcome: Outcome): Promise<PaymentRow | null> {
  const payment = await payments.lock(tx, paymentId);
  if (!payment || payment.status === 'succeeded') return payment ?? null;
  if (outcome !== 'succeeded') {
    return payment.status === 'pending' ? payments.setStatus(tx, payment.id, outcome) : payment;
  }
  // Locks in the order invoices.payFromBalance takes them (invoice, then the user's balance), so a
  // completion racing a balance payment of the same invoice waits rather than deadlocks.
  if (payment.invoice_id) await billing.lockInvoice(tx, payment.invoice_id);
  const method = METHOD_NAMES[payment.method];
  const note = payment.invoice_id
    ? line('invoice_topup', { payment: payment.id, method, invoice: payment.invoice_id })
    : line('topup', { payment: payment.id, method });
  await post(tx, payment.user_id, 'topup', payment.amount, note);
  const done = await payments.setStatus(tx, payment.id, 'succeeded');
  if (payment.invoice_id) await settleInvoice(ctx, tx, payment);
  return done;
}

async function settleInvoice(ctx: Context, tx: Tx, payment: PaymentRow): Promise<void> {
  // A refusal (an AppError: the invoice paid or cancelled meanwhile, its instance gone) undoes only
  // the payment of the invoice; the credit stays on the balance.
  const refused = (e: unknown): e is AppError => e instanceof AppError;
  try {
    await withSavepoint(
      tx,
      'settle_invoice',
      () => invoices.payFromBalance(tx, payment.user_id, payment.invoice_id!),
      refused,
    );
  } catch (e) {
    if (!refused(e)) throw e;
    ctx.log.warn(
      { paymentId: payment.id, invoiceId: payment.invoice_id, code: e.code },
      'a payment could not settle its invoice; the money stays on the balance',
    );
  }
}

/** A gateway's webhook: verified on its raw bytes, then applied through complete or takeBack. */
export async function receiveWebhook(
  ctx: Context,
  gateway: Gateway,
  rawBody: Buffer,
  headers: Parameters<Gateway['verifyWebhook']>[1],
): Promise<void> {
  const event = await gateway.verifyWebhook(rawBody, headers);
  if (!event) return;
  if ('kind' in event) return withTx(ctx.db, (tx) => takeBack(ctx, tx, gateway, event));
  const credited = await withTx(ctx.db, async (tx) => {
    const payment = await payments.lock(tx, event.paymentId);
    if (!payment || !matches(payment, gateway, event)) {
      ctx.log.warn({ paymentId: event.paymentId, gateway: gateway.id }, 'a webhook names no payment of ours; ignored');
      return null;
    }
    const done = await complete(ctx, tx, payment.id, event.outcome);
    if (done?.status === 'succeeded' && event.charge) await payments.setCharge(tx, payment.id, event.charge);
    return payment.status !== 'succeeded' && done?.status === 'succeeded' ? done : null;
  });
  // Counted once committed: a transaction run again after a deadlock counts once.
  if (credited) countCredit(ctx, credited);
}

/** Payments credited to balances, by currency: how many, and how much in minor units. */
function countCredit(ctx: Context, payment: PaymentRow): void {
  const labels = { currency: payment.currency } as const;
  ctx.metrics
    .counter('nimbus_payments_credited_total', 'Payments credited to balances, by currency.', ['currency'])
    .inc(labels);
  ctx.metrics
    .counter(
      'nimbus_payments_credited_minor_units_total',
      'Money credited to balances by payments, in minor units of each currency.',
      ['currency'],
    )
    .inc(labels, payment.amount);
}

/** Whether a dispute in this state has the money withdrawn (Stripe withdraws it at opening). */
const withdrawn = (s: PaymentRow['dispute_status']) => s === 'open' || s === 'lost';

/**
 * Money the gateway took back from a completed payment, taken from the balance through the ledger
 * exactly once: the payment's row lock serialises deliveries, a refund moves only what exceeds
 * the refunds already applied, and a dispute moves money only when its state changes (opened or
 * lost: withdrawn; won after being opened: given back; a closed dispute is final). The balance may
 * go below zero (a debt, which refuses every charge until paid). The affiliate commission earned
 * by an invoice the payment paid is reversed.
 */
async function takeBack(ctx: Context, tx: Tx, gateway: Gateway, e: ReversalEvent): Promise<void> {
  const payment = await payments.lockByCharge(tx, gateway.id, e.charge);
  if (
    !payment ||
    payment.status !== 'succeeded' ||
    (e.currency && e.currency.toUpperCase() !== payment.currency.trim())
  ) {
    ctx.log.warn({ charge: e.charge, gateway: gateway.id }, 'a reversal names no completed payment of ours; ignored');
    return;
  }
  const args = { payment: payment.id, method: METHOD_NAMES[payment.method] };
  let refunded = payment.refunded;
  let dispute = payment.dispute_status;
  let taken = false;
  if (e.refunded !== undefined) {
    const more = Math.min(e.refunded, payment.amount) - refunded;
    if (more > 0) {
      await post(tx, payment.user_id, 'charge', -more, line('payment_refunded', args), { mayOwe: true });
      refunded += more;
      taken = true;
    }
  }
  if (e.dispute && dispute !== 'won' && dispute !== 'lost' && e.dispute.status !== dispute) {
    const amount = Math.min(e.dispute.amount, payment.amount);
    if (!withdrawn(dispute) && withdrawn(e.dispute.status)) {
      await post(tx, payment.user_id, 'charge', -amount, line('payment_disputed', args), { mayOwe: true });
      taken = true;
    } else if (withdrawn(dispute) && e.dispute.status === 'won') {
      await post(tx, payment.user_id, 'adjustment', amount, line('payment_dispute_won', args));
    }
    dispute = e.dispute.status;
  }
  await payments.setReversal(tx, payment.id, { refunded, disputeStatus: dispute });
  if (taken && payment.invoice_id) {
    const invoice = await billing.invoice(tx, payment.invoice_id, payment.user_id);
    if (invoice) await reverseCommission(tx, invoice);
  }
}

function matches(p: PaymentRow, gateway: Gateway, e: GatewayEvent): boolean {
  if (p.method !== gateway.id) return false;
  if (e.ref !== undefined && p.gateway_ref !== e.ref) return false;
  if (e.amount !== undefined && e.amount !== p.amount) return false;
  return e.currency === undefined || e.currency.toUpperCase() === p.currency.trim();
}
