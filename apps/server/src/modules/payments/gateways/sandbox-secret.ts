import { createHmac, randomBytes } from 'node:crypto';
import type { Context } from '../../../lib/context.js';

const cache = new WeakMap<Context, Promise<Buffer>>();

/**
 * The sandbox gateway's signing key: derived from PAYMENT_SANDBOX_SECRET when the operator sets it,
 * else a random key made once and kept in the database, so every replica signs and checks alike.
 */
export function sandboxSecret(ctx: Context): Promise<Buffer> {
  let secret = cache.get(ctx);
  if (!secret) {
    secret = load(ctx);
    cache.set(ctx, secret);
    secret.catch(() => cache.delete(ctx));
  }
  return secret;
}

async function load(ctx: Context): Promise<Buffer> {
  const configured = ctx.config.PAYMENT_SANDBOX_SECRET;
  const base = configured
    ? Buffer.from(configured)
    : await ctx.db
        .query<{ value: Buffer }>(
          `with made as (insert into app_secrets (name, value) values ('sandbox', $1) on conflict do nothing returning value)
           select value from made union all select value from app_secrets where name = 'sandbox' limit 1`,
          [randomBytes(32)],
        )
        .then((r) => r.rows[0]!.value);
  return createHmac('sha256', base).update('nimbus sandbox gateway v1').digest();
}
