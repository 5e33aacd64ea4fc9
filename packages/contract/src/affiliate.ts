import * as z from 'zod/mini';
import { positiveWhole, queryInt } from './query.js';

// The affiliate programme (docs/product/affiliate.md): GET api/user/aff, its daily series, its
// lists and moving available commission into the balance. Amounts are integers in minor units of
// Currency.

const int = () => z.number().check(z.int());
const date = () => z.string().check(z.describe('ISO 8601 date-time (UTC).'));

/** The referral link's search parameter and how long a browser keeps a code it came with. */
export const AFFILIATE = {
  param: 'aff',
  keepDays: 30,
  statsDaysMax: 365,
  pageMax: 100,
  codeMax: 64,
} as const;

export const COMMISSION_STATUSES = ['pending', 'available', 'reversed'] as const;
export type CommissionStatus = (typeof COMMISSION_STATUSES)[number];

/** `data` of GET api/user/aff: the caller's code, link, rate and totals. */
export const AffiliateSummary = z
  .object({
    Code: z.string(),
    Link: z.string().check(z.describe('The referral link: /register?aff=Code on the console.')),
    Rate: z.number().check(z.describe('Commission in percent of each paid invoice of a referred customer.')),
    HoldDays: int().check(z.describe('Days a commission stays pending before it can be moved to the balance.')),
    Clicks: int().check(z.describe('Visits of the link, once per visitor per day.')),
    Signups: int(),
    Purchases: int().check(z.describe('Paid invoices of referred customers, refunded ones left out.')),
    Commission: z.object({
      Pending: int(),
      Available: int().check(z.describe('What POST api/user/aff/withdraw can move into the balance.')),
      PaidOut: int().check(z.describe('Moved into the balance so far, less what refunds took back.')),
    }),
    Currency: z.string(),
  })
  .register(z.globalRegistry, { id: 'AffiliateSummary' });
export type AffiliateSummary = z.infer<typeof AffiliateSummary>;

export const AffiliateDay = z.object({
  Date: z.string().check(z.describe('The UTC day, YYYY-MM-DD.')),
  Clicks: int(),
  Signups: int(),
  Purchases: int(),
  Commission: int().check(z.describe('Commission earned that day (pending or available), minor units.')),
});
export type AffiliateDay = z.infer<typeof AffiliateDay>;

/** `data` of GET api/user/aff/stats: one entry per day, oldest first, ending today. */
export const AffiliateStats = z
  .object({ Days: z.array(AffiliateDay), Currency: z.string() })
  .register(z.globalRegistry, { id: 'AffiliateStats' });
export type AffiliateStats = z.infer<typeof AffiliateStats>;

export const AffiliateSignup = z.object({
  Email: z.string().check(z.describe('Masked: a***@e***.com.')),
  CreatedAt: date(),
  Purchases: int(),
});
export type AffiliateSignup = z.infer<typeof AffiliateSignup>;

/** `data` of GET api/user/aff/signups: one page of the customers who signed up through the link. */
export const AffiliateSignupList = z
  .object({ Total: int(), Items: z.array(AffiliateSignup) })
  .register(z.globalRegistry, { id: 'AffiliateSignupList' });
export type AffiliateSignupList = z.infer<typeof AffiliateSignupList>;

export const AffiliateCommission = z.object({
  Id: int(),
  PurchaseAmount: int().check(z.describe('The paid invoice the commission is on.')),
  Rate: z.number(),
  Amount: int(),
  Currency: z.string(),
  Status: z.enum(COMMISSION_STATUSES),
  InvoiceDate: date(),
  AvailableAt: date(),
});
export type AffiliateCommission = z.infer<typeof AffiliateCommission>;

/** `data` of GET api/user/aff/commissions: one page of the caller's commissions, newest first. */
export const AffiliateCommissionList = z
  .object({ Total: int(), Items: z.array(AffiliateCommission) })
  .register(z.globalRegistry, { id: 'AffiliateCommissionList' });
export type AffiliateCommissionList = z.infer<typeof AffiliateCommissionList>;

/** `data` of POST api/user/aff/withdraw. */
export const AffiliateWithdrawResult = z
  .object({ Amount: int(), Balance: int(), Available: int(), Currency: z.string() })
  .register(z.globalRegistry, { id: 'AffiliateWithdrawResult' });
export type AffiliateWithdrawResult = z.infer<typeof AffiliateWithdrawResult>;

// Requests.

/** POST api/aff/click: a visit of the referral link (public; an unknown code is ignored). */
export const AffiliateClickBody = z.object({
  Code: z
    .string({ error: 'invalid_value' })
    .check(z.trim(), z.minLength(1, { error: 'required' }), z.maxLength(AFFILIATE.codeMax, { error: 'invalid_value' })),
});
export type AffiliateClickBody = z.infer<typeof AffiliateClickBody>;

/** GET api/user/aff/stats. */
export const AffiliateStatsQuery = z.object({ days: z._default(queryInt(1, AFFILIATE.statsDaysMax), 30) });
export type AffiliateStatsQuery = z.input<typeof AffiliateStatsQuery>;

/** GET api/user/aff/signups and api/user/aff/commissions. */
export const AffiliatePageQuery = z.object({
  limit: z._default(queryInt(1, AFFILIATE.pageMax), 10),
  page: z._default(queryInt(1, 1_000_000), 1),
});
export type AffiliatePageQuery = z.input<typeof AffiliatePageQuery>;

/**
 * POST api/user/aff/withdraw (header Idempotency-Key): Amount in minor units, or all that is
 * available when absent. More than is available is `amount_too_large` on Amount; nothing available
 * is `balance_not_enough`.
 */
export const AffiliateWithdrawBody = z.object({
  Amount: z.optional(z.number({ error: 'invalid_value' }).check(...positiveWhole(Number.MAX_SAFE_INTEGER))),
});
export type AffiliateWithdrawBody = z.infer<typeof AffiliateWithdrawBody>;

/** Hides most of an address: "ada@example.com" → "a***@e***.com". */
export function maskEmail(email: string): string {
  const at = email.lastIndexOf('@');
  if (at < 1) return '***';
  const local = email.slice(0, at);
  const domain = email.slice(at + 1);
  const dot = domain.lastIndexOf('.');
  const host = dot > 0 ? domain.slice(0, dot) : domain;
  const tld = dot > 0 ? domain.slice(dot) : '';
  return `${local[0]}***@${host[0] ?? ''}***${tld}`;
}
