import Stripe from 'stripe';
import type { Config } from '../../../infra/config/env.js';
import { AppError } from '../../../infra/lib/errors.js';
import type { Gateway, GatewayEvent, Outcome, ReversalEvent } from './types.js';

const SIGNATURE_HEADER = 'stripe-signature';

/** The SDK's host, port and protocol options from STRIPE_API_BASE (tests point them at a stand-in). */
function apiBase(base: string | undefined): Pick<Stripe.StripeConfig, 'host' | 'port' | 'protocol'> {
  if (!base) return {};
  const u = new URL(base);
  const protocol = u.protocol === 'http:' ? 'http' : 'https';
  return { host: u.hostname, port: u.port || (protocol === 'http' ? 80 : 443), protocol };
}

/** What each Checkout Session event means for the payment it carries; others are ignored. */
function outcomeOf(event: Stripe.Event): Outcome | null {
  switch (event.type) {
    case 'checkout.session.completed':
      // Delayed methods (bank debits) complete unpaid and settle with an async_payment_* event.
      return event.data.object.payment_status === 'paid' ? 'succeeded' : null;
    case 'checkout.session.async_payment_succeeded':
      return 'succeeded';
    case 'checkout.session.async_payment_failed':
      return 'failed';
    case 'checkout.session.expired':
      return 'expired';
    default:
      return null;
  }
}

const idOf = (v: string | { id: string } | null) => (typeof v === 'string' ? v : (v?.id ?? null));

/** A refund or dispute event about a charge, as a reversal of its PaymentIntent; others are null. */
function reversalOf(event: Stripe.Event): ReversalEvent | null {
  if (event.type === 'charge.refunded') {
    const charge = event.data.object;
    const pi = idOf(charge.payment_intent);
    return pi ? { kind: 'reversal', charge: pi, refunded: charge.amount_refunded, currency: charge.currency } : null;
  }
  if (event.type === 'charge.dispute.created' || event.type === 'charge.dispute.closed') {
    const dispute = event.data.object;
    const pi = idOf(dispute.payment_intent);
    const status = event.type === 'charge.dispute.created' ? 'open' : dispute.status === 'won' ? 'won' : 'lost';
    // A dispute closed as a warning (an inquiry) never withdrew anything.
    if (!pi || dispute.status === 'warning_closed') return null;
    return { kind: 'reversal', charge: pi, dispute: { status, amount: dispute.amount }, currency: dispute.currency };
  }
  return null;
}

/** Stripe Checkout: a hosted page per payment, credited by its signed webhook only. */
export function stripeGateway(config: Config): Gateway {
  const secretKey = config.STRIPE_SECRET_KEY;
  const webhookSecret = config.STRIPE_WEBHOOK_SECRET;
  if (!secretKey || !webhookSecret) throw new Error('stripe needs STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET');
  const stripe = new Stripe(secretKey, {
    ...apiBase(config.STRIPE_API_BASE),
    // The call runs after the payment is committed, with no transaction open; the request still
    // waits for it, so it is bounded to about 16 s in all.
    maxNetworkRetries: 1,
    timeout: 8_000,
    telemetry: false,
    appInfo: { name: 'Nimbus' },
  });
  const back = (id: number) => `${config.PUBLIC_URL}/billing?payment_id=${id}`;
  return {
    id: 'stripe',
    name: 'Stripe',
    test: secretKey.startsWith('sk_test_'),
    async createCheckout(payment, customer) {
      const session = await stripe.checkout.sessions.create(
        {
          mode: 'payment',
          line_items: [
            {
              quantity: 1,
              price_data: {
                currency: payment.currency.trim().toLowerCase(),
                unit_amount: payment.amount,
                product_data: {
                  name: payment.invoice_id ? `Invoice #${payment.invoice_id}` : `${config.BRAND_NAME} balance top-up`,
                },
              },
            },
          ],
          customer_email: customer.email,
          client_reference_id: String(payment.id),
          metadata: { payment_id: String(payment.id) },
          payment_intent_data: { metadata: { payment_id: String(payment.id) } },
          success_url: back(payment.id),
          cancel_url: back(payment.id),
        },
        // A retried create (the SDK's own retries included) is one session at Stripe.
        { idempotencyKey: `nimbus-payment-${payment.id}` },
      );
      if (!session.url) throw new Error('Stripe returned a Checkout Session without a URL');
      return { url: session.url, ref: session.id };
    },
    async verifyWebhook(rawBody, headers): Promise<GatewayEvent | ReversalEvent | null> {
      const signature = headers[SIGNATURE_HEADER];
      let event: Stripe.Event;
      try {
        if (typeof signature !== 'string') throw new Error('no signature');
        event = stripe.webhooks.constructEvent(rawBody, signature, webhookSecret);
      } catch {
        throw new AppError('parse_data_error', 400, { [SIGNATURE_HEADER]: 'invalid_value' });
      }
      const reversal = reversalOf(event);
      if (reversal) return reversal;
      const outcome = outcomeOf(event);
      if (!outcome || !event.type.startsWith('checkout.session.')) return null;
      const session = event.data.object as Stripe.Checkout.Session;
      const paymentId = Number(session.metadata?.payment_id ?? session.client_reference_id);
      if (!Number.isSafeInteger(paymentId) || paymentId <= 0) return null;
      return {
        paymentId,
        outcome,
        ref: session.id,
        ...(idOf(session.payment_intent) ? { charge: idOf(session.payment_intent)! } : {}),
        ...(session.amount_total !== null ? { amount: session.amount_total } : {}),
        ...(session.currency ? { currency: session.currency } : {}),
      };
    },
  };
}
