import type { GatewayId } from '../../../infra/config/env.js';
import type { Context } from '../../../infra/lib/context.js';
import { sandboxGateway } from './sandbox.js';
import { stripeGateway } from './stripe.js';
import type { Gateway } from './types.js';

interface Gateways {
  all: Map<GatewayId, Gateway>;
  sandbox: ReturnType<typeof sandboxGateway> | null;
}

const cache = new WeakMap<Context, Gateways>();

/** The gateways of PAYMENT_GATEWAYS, built once per process (the Stripe client keeps its connections). */
export function gatewaysOf(ctx: Context): Gateways {
  let g = cache.get(ctx);
  if (!g) {
    const on = ctx.config.PAYMENT_GATEWAYS;
    const sandbox = on.includes('sandbox') ? sandboxGateway(ctx) : null;
    const all = new Map<GatewayId, Gateway>();
    for (const id of on) all.set(id, id === 'sandbox' ? sandbox! : stripeGateway(ctx.config));
    g = { all, sandbox };
    cache.set(ctx, g);
  }
  return g;
}
