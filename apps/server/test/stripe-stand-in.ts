import Stripe from 'stripe';
import { randomBytes } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface CreatedSession {
  id: string;
  params: URLSearchParams;
  idempotencyKey: string | undefined;
  authorization: string | undefined;
}

/**
 * A local stand-in for the one part of Stripe's API the console calls: creating a Checkout Session
 * (POST /v1/checkout/sessions, form-encoded, answered with the session as JSON). `failNext` makes
 * the next create answer with Stripe's error shape; `beforeAnswer` holds the answers back.
 */
export class StripeStandIn {
  readonly sessions: CreatedSession[] = [];
  failNext = false;
  /** Awaited before each session is answered: a test looks at the console while Stripe "thinks". */
  beforeAnswer: (() => Promise<void>) | null = null;
  private server: Server | null = null;

  async start(): Promise<string> {
    this.server = createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', async () => {
        await this.beforeAnswer?.();
        const reply = (status: number, body: unknown) => {
          res.writeHead(status, {
            'content-type': 'application/json',
            'request-id': `req_${randomBytes(6).toString('hex')}`,
          });
          res.end(JSON.stringify(body));
        };
        if (req.method !== 'POST' || req.url !== '/v1/checkout/sessions') {
          return reply(404, { error: { type: 'invalid_request_error', message: `no route ${req.method} ${req.url}` } });
        }
        if (this.failNext) {
          this.failNext = false;
          return reply(400, { error: { type: 'invalid_request_error', message: 'Amount must be at least $0.50 usd' } });
        }
        const params = new URLSearchParams(Buffer.concat(chunks).toString('utf8'));
        const id = `cs_test_${randomBytes(12).toString('hex')}`;
        this.sessions.push({
          id,
          params,
          idempotencyKey: req.headers['idempotency-key'] as string | undefined,
          authorization: req.headers.authorization,
        });
        reply(200, checkoutSession(id, params));
      });
    });
    await new Promise<void>((resolve) => this.server!.listen(0, '127.0.0.1', resolve));
    return `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
  }

  async stop(): Promise<void> {
    await new Promise<void>((resolve) => (this.server ? this.server.close(() => resolve()) : resolve()));
  }
}

/** The session object Stripe answers and sends in its checkout.session.* events. */
export function checkoutSession(id: string, params: URLSearchParams, over: Record<string, unknown> = {}) {
  return {
    id,
    object: 'checkout.session',
    mode: params.get('mode'),
    status: 'open',
    payment_status: 'unpaid',
    amount_total: Number(params.get('line_items[0][price_data][unit_amount]')),
    currency: params.get('line_items[0][price_data][currency]'),
    client_reference_id: params.get('client_reference_id'),
    metadata: { payment_id: params.get('metadata[payment_id]') },
    success_url: params.get('success_url'),
    cancel_url: params.get('cancel_url'),
    url: `https://checkout.stripe.com/c/pay/${id}`,
    ...over,
  };
}

let eventCounter = 0;
/** An event as Stripe sends it to the webhook: JSON, signed with the package's own test helper. */
export function stripeEvent(type: string, object: Record<string, unknown>, secret: string) {
  const payload = JSON.stringify({
    id: `evt_test_${eventCounter++}`,
    object: 'event',
    type,
    created: Math.floor(Date.now() / 1000),
    data: { object },
  });
  return { payload, signature: Stripe.webhooks.generateTestHeaderString({ payload, secret }) };
}
