import type {
  AffiliateCommissionList,
  AffiliatePageQuery,
  AffiliateSignupList,
  AffiliateStats,
  AffiliateSummary,
  AffiliateWithdrawBody,
  AffiliateWithdrawResult,
} from '@nimbus/contract';
import { maskEmail } from '@nimbus/contract';
import { withTx } from '../../infra/db/pool.js';
import { clock } from '../../infra/lib/clock.js';
import type { Context } from '../../infra/lib/context.js';
import { AppError } from '../../infra/lib/errors.js';
import { idempotent } from '../../infra/lib/idempotency.js';
import { addressKey, type Rule } from '../../infra/throttle/throttle.js';
import { post, users, line } from '../users/index.js';
import { rateFor } from './commissions.js';
import { affiliateRepo } from './repository.js';
import { affiliateDefaults, percentOf } from './settings.js';
import { visitorOf } from './visitor.js';
import { appSecret } from '../../infra/lib/app-secrets.js';

const DAY_MS = 86_400_000;
/** Clicks one address may report: plenty for people sharing an address, little for a script. */
export const CLICK_RULE: Rule = { limit: 120, windowSeconds: 3600, scope: 'ip' };

const utcDay = (d: Date) => d.toISOString().slice(0, 10);

async function owner(ctx: Context, userId: number) {
  const user = await users.byId(ctx.db, userId);
  if (!user) throw new AppError('user_not_exist', 404);
  return user;
}

/** POST api/aff/click: counts a visit of a referral link once per visitor and day; unknown codes count nothing. */
export async function recordClick(
  ctx: Context,
  req: { code: string; ip: string; userAgent: string; cookie?: string; secure: boolean },
): Promise<string | undefined> {
  await ctx.throttle.enforce(addressKey('aff-click', req.ip), CLICK_RULE);
  const visitor = visitorOf(req, await appSecret(ctx.db, 'affiliate', 'nimbus affiliate visitors v1'));
  const referrer = await users.byAffCode(ctx.db, req.code);
  if (referrer) await affiliateRepo.click(ctx.db, referrer.id, utcDay(clock.now()), visitor.hash);
  return visitor.setCookie;
}

export async function summary(ctx: Context, userId: number): Promise<AffiliateSummary> {
  const user = await owner(ctx, userId);
  const [t, bps] = await Promise.all([affiliateRepo.totals(ctx.db, userId), rateFor(ctx.db, userId)]);
  const link = new URL('/register', ctx.config.PUBLIC_URL);
  link.searchParams.set('aff', user.aff_code);
  return {
    Code: user.aff_code,
    Link: link.toString(),
    Rate: percentOf(bps),
    HoldDays: affiliateDefaults.holdDays,
    Clicks: t.clicks,
    Signups: t.signups,
    Purchases: t.purchases,
    Commission: { Pending: t.pending, Available: Math.max(0, t.available - t.paid_out), PaidOut: t.paid_out },
    Currency: user.currency,
  };
}

export async function stats(ctx: Context, userId: number, days: number): Promise<AffiliateStats> {
  const user = await owner(ctx, userId);
  const today = clock.now();
  const from = new Date(today.getTime() - (days - 1) * DAY_MS);
  const rows = await affiliateRepo.days(ctx.db, userId, utcDay(from), utcDay(today));
  return {
    Days: rows.map((r) => ({
      Date: r.day,
      Clicks: r.clicks,
      Signups: r.signups,
      Purchases: r.purchases,
      Commission: r.commission,
    })),
    Currency: user.currency,
  };
}

type Page = Required<{ [K in keyof AffiliatePageQuery]: number }>;

export async function signups(ctx: Context, userId: number, q: Page): Promise<AffiliateSignupList> {
  const { total, rows } = await affiliateRepo.signups(ctx.db, userId, q.limit, (q.page - 1) * q.limit);
  return {
    Total: total,
    Items: rows.map((r) => ({
      Email: maskEmail(r.email),
      CreatedAt: r.created_at.toISOString(),
      Purchases: r.purchases,
    })),
  };
}

export async function commissions(ctx: Context, userId: number, q: Page): Promise<AffiliateCommissionList> {
  const { total, rows } = await affiliateRepo.commissions(ctx.db, userId, q.limit, (q.page - 1) * q.limit);
  return {
    Total: total,
    Items: rows.map((c) => ({
      Id: c.id,
      PurchaseAmount: c.invoice_amount,
      Rate: percentOf(c.rate_bps),
      Amount: c.amount,
      Currency: c.currency.trim(),
      Status: c.status,
      InvoiceDate: c.created_at.toISOString(),
      AvailableAt: c.available_at.toISOString(),
    })),
  };
}

/**
 * POST api/user/aff/withdraw: moves available commission (all, or Amount) into the caller's balance
 * with a `commission` ledger entry, in one transaction under the user's row lock; with an
 * Idempotency-Key a repeat answers the first result, and without one a second "all" finds nothing.
 */
export async function withdraw(
  ctx: Context,
  userId: number,
  body: AffiliateWithdrawBody,
  key: string | undefined,
): Promise<AffiliateWithdrawResult> {
  return withTx(ctx.db, (tx) =>
    idempotent(tx, { userId, route: 'user/aff/withdraw', key, body }, async () => {
      const currency = (await users.lock(tx, userId))!.currency.trim();
      const available = await affiliateRepo.withdrawable(tx, userId);
      if (available <= 0) throw new AppError('balance_not_enough', 409);
      const amount = body.Amount ?? available;
      if (amount > available) throw new AppError('parse_data_error', 400, { Amount: 'amount_too_large' });
      const balance = await post(tx, userId, 'commission', amount, line('commission_moved'));
      await affiliateRepo.addPayout(tx, userId, amount, currency);
      return { Amount: amount, Balance: balance, Available: available - amount, Currency: currency };
    }),
  );
}
