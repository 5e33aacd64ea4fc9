import { createHmac, timingSafeEqual } from 'node:crypto';
import type { Context } from '../../../infra/lib/context.js';
import { AppError } from '../../../infra/lib/errors.js';
import { sandboxSecret } from './sandbox-secret.js';
import type { Gateway, GatewayEvent } from './types.js';

/** The header carrying the sandbox callback's signature: hex HMAC-SHA256 of the raw body. */
export const SANDBOX_SIGNATURE_HEADER = 'nimbus-sandbox-signature';
export const SANDBOX_PAGE_PREFIX = '/pay/sandbox';

const mac = (secret: Buffer, purpose: string, data: string | Buffer) =>
  createHmac('sha256', secret).update(`${purpose}\n`).update(data).digest();

const same = (a: Buffer, b: Buffer) => a.length === b.length && timingSafeEqual(a, b);

/** The sandbox's callback body for a decision taken on its page. */
export interface SandboxCallback {
  PaymentId: number;
  Outcome: 'succeeded' | 'failed';
}

/**
 * The embedded test gateway: its "checkout" is a page the console serves itself, where the visitor
 * approves or declines; the decision comes back as a callback signed like a real gateway's webhook.
 */
export function sandboxGateway(ctx: Context): Gateway & {
  linkToken(paymentId: number): Promise<string>;
  checkLinkToken(paymentId: number, token: string): Promise<boolean>;
  sign(body: string): Promise<string>;
} {
  const linkToken = async (paymentId: number) =>
    mac(await sandboxSecret(ctx), 'link', String(paymentId))
      .subarray(0, 24)
      .toString('base64url');
  return {
    id: 'sandbox',
    name: 'Sandbox',
    test: true,
    linkToken,
    async checkLinkToken(paymentId, token) {
      return same(Buffer.from(await linkToken(paymentId)), Buffer.from(token));
    },
    async sign(body) {
      return mac(await sandboxSecret(ctx), 'callback', body).toString('hex');
    },
    async createCheckout(payment) {
      // The page speaks the language the customer pays in, whatever their browser's.
      const url = `${SANDBOX_PAGE_PREFIX}/${payment.id}?t=${await linkToken(payment.id)}&lang=${payment.locale}`;
      return { url, ref: null };
    },
    async verifyWebhook(rawBody, headers): Promise<GatewayEvent | null> {
      const given = headers[SANDBOX_SIGNATURE_HEADER];
      const expected = mac(await sandboxSecret(ctx), 'callback', rawBody);
      if (typeof given !== 'string' || !/^[0-9a-f]{64}$/.test(given) || !same(Buffer.from(given, 'hex'), expected)) {
        throw new AppError('parse_data_error', 400, { [SANDBOX_SIGNATURE_HEADER]: 'invalid_value' });
      }
      const body = JSON.parse(rawBody.toString('utf8')) as Partial<SandboxCallback>;
      if (!Number.isSafeInteger(body.PaymentId) || (body.Outcome !== 'succeeded' && body.Outcome !== 'failed')) {
        throw new AppError('parse_data_error', 400, { _: 'invalid_value' });
      }
      return { paymentId: body.PaymentId!, outcome: body.Outcome };
    },
  };
}
