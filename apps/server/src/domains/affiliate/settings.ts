import type { Config } from '../../infra/config/env.js';

/**
 * The programme's defaults from the environment. Invoice hooks are plain functions registered once
 * per process (invoiceEvents keeps a Set), so they read these rather than a context of their own;
 * the rate the operator sets with `affiliate:rate` lives in the database and wins over the default.
 */
export const affiliateDefaults = { rateBps: 1000, holdDays: 14 };

export function configureAffiliate(config: Config): void {
  affiliateDefaults.rateBps = Math.round(config.AFFILIATE_RATE * 100);
  affiliateDefaults.holdDays = config.AFFILIATE_HOLD_DAYS;
}

/** Commission on an amount at a rate in basis points, rounded down to a whole minor unit. */
export function commissionOf(amount: number, rateBps: number): number {
  return Math.floor((amount * rateBps) / 10_000);
}

/** A rate in basis points as the percent the API and the CLI show (1250 → 12.5). */
export const percentOf = (bps: number): number => bps / 100;

/** "12.5" → 1250 basis points; null unless a number from 0 to 100 with at most 2 decimals. */
export function parsePercent(text: string): number | null {
  const m = /^(\d{1,3})(?:\.(\d{1,2}))?$/.exec(text.trim());
  if (!m) return null;
  const bps = Number(m[1]) * 100 + Number((m[2] ?? '').padEnd(2, '0'));
  return bps <= 10_000 ? bps : null;
}
