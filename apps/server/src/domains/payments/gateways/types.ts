import type { IncomingHttpHeaders } from 'node:http';
import type { GatewayId } from '../../../infra/config/env.js';
import type { PaymentRow } from '../repository.js';

/** What a gateway says happened to one of our payments. */
export type Outcome = 'succeeded' | 'failed' | 'expired' | 'cancelled';

export interface GatewayEvent {
  paymentId: number;
  outcome: Outcome;
  /** The gateway's own id of the payment, when it has one; must match what we stored. */
  ref?: string;
  /** On success, the gateway's id of the charge that later refund and dispute events name. */
  charge?: string;
  /** What the gateway collected, when it says; must match the payment. */
  amount?: number;
  currency?: string;
}

/**
 * Money the gateway takes back from a charge it completed: a refund (refunds so far, in all) or a
 * dispute (opened: withdrawn; won: given back; lost: kept). Replays and reordering are harmless.
 */
export interface ReversalEvent {
  kind: 'reversal';
  /** The gateway's id of the completed charge (Stripe: the PaymentIntent). */
  charge: string;
  refunded?: number;
  dispute?: { status: 'open' | 'won' | 'lost'; amount: number };
  currency?: string;
}

/**
 * A payment gateway: it takes a pending payment to a page where the customer pays, and later tells
 * us, in a signed callback, how it ended. Crediting is not the gateway's business: every callback
 * goes through payments.complete, which credits exactly once.
 */
export interface Gateway {
  id: GatewayId;
  name: string;
  /** A test gateway that moves no real money. */
  test: boolean;
  /** Where to send the customer to pay, and the gateway's id of the payment. */
  createCheckout(payment: PaymentRow, customer: { email: string }): Promise<{ url: string; ref: string | null }>;
  /**
   * Checks a callback's signature on its raw bytes and reads it: an event about one of our payments,
   * null for a genuine event we have no use for; a bad signature throws a 400.
   */
  verifyWebhook(rawBody: Buffer, headers: IncomingHttpHeaders): Promise<GatewayEvent | ReversalEvent | null>;
}
