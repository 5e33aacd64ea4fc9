import { appSecret } from '../../../infra/lib/app-secrets.js';
import type { Context } from '../../../infra/lib/context.js';

/**
 * The sandbox gateway's signing key: derived from PAYMENT_SANDBOX_SECRET when the operator sets it,
 * else from a random value kept in the database, so every replica signs and checks alike.
 */
export function sandboxSecret(ctx: Context): Promise<Buffer> {
  return appSecret(ctx.db, 'sandbox', 'nimbus sandbox gateway v1', ctx.config.PAYMENT_SANDBOX_SECRET);
}
