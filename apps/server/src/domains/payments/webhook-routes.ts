import { z } from 'zod';
import type { GatewayId } from '../../infra/config/env.js';
import { documentedOnly, replies, type Api } from '../../infra/lib/api.js';
import type { Context } from '../../infra/lib/context.js';
import { gatewaysOf } from './gateways/index.js';
import { SANDBOX_SIGNATURE_HEADER } from './gateways/sandbox.js';
import { receiveWebhook } from './service.js';

const SIGNATURE_HEADERS: Record<GatewayId, string> = {
  sandbox: SANDBOX_SIGNATURE_HEADER,
  stripe: 'stripe-signature',
};

/** What each gateway posts (documentation: the handler verifies the signature over the raw bytes first). */
const CALLBACK_BODIES: Record<GatewayId, z.ZodType> = {
  sandbox: z
    .object({ PaymentId: z.number().int().positive(), Outcome: z.enum(['succeeded', 'failed']) })
    .describe('The decision taken on the sandbox checkout page.'),
  stripe: z
    .looseObject({ id: z.string(), type: z.string(), data: z.looseObject({ object: z.looseObject({}) }) })
    .describe('A Stripe Event (checkout.session.completed, checkout.session.expired, …).'),
};

/**
 * The gateways' signed callbacks. Signatures are over the exact bytes sent, so in this plugin (and
 * only here) JSON bodies are kept raw. No session, and no per-address limit: a gateway sends from
 * few addresses, and a replay changes nothing.
 */
export async function webhookRoutes(app: Api, ctx: Context) {
  app.addContentTypeParser('application/json', { parseAs: 'buffer' }, (_req, body, done) => done(null, body));
  for (const gateway of gatewaysOf(ctx).all.values()) {
    const header = SIGNATURE_HEADERS[gateway.id];
    app.post(
      `/payment/${gateway.id}/webhook`,
      {
        config: { rateLimit: false },
        schema: {
          summary: `${gateway.name} webhook`,
          description: `Called by the gateway, signed in the \`${header}\` header over the raw body. A payment is credited once however often and in whatever order its events arrive. A bad signature is 400 and changes nothing.`,
          headers: z.looseObject({ [header]: z.string().optional() }),
          consumes: ['application/json'],
          body: CALLBACK_BODIES[gateway.id],
          response: replies(z.null()),
        },
        // The body is the signed raw bytes (a Buffer here); receiveWebhook verifies, then parses it.
        validatorCompiler: documentedOnly,
      },
      async (req) => {
        const raw = Buffer.isBuffer(req.body) ? req.body : Buffer.from(String(req.body ?? ''));
        await receiveWebhook(ctx, gateway, raw, req.headers);
        return { data: null };
      },
    );
  }
}
