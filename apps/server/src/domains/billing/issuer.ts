import type { Issuer } from '@nimbus/contract';
import type { Config } from '../../infra/config/env.js';
import type { Queryable } from '../../infra/db/pool.js';
import { billing } from './repository.js';

/** The tax rate of the configuration in hundredths of a percent (13.5 % → 1350). */
export const taxRateBp = (config: Pick<Config, 'TAX_RATE'>) => Math.round(config.TAX_RATE * 100);

/**
 * Writes the configured issuer and tax rate where the database stamps new invoices and payments
 * with them (migration 0042); every kind of process does it at start, so the stamp follows the
 * configuration of the processes that run.
 */
export async function storeIssuer(db: Queryable, config: Config): Promise<void> {
  await billing.storeIssuer(db, {
    legalName: config.PROVIDER_LEGAL_NAME || config.BRAND_NAME,
    address: config.PROVIDER_ADDRESS,
    taxId: config.PROVIDER_TAX_ID,
    taxRateBp: taxRateBp(config),
  });
}

/**
 * The tax an amount includes at a rate (prices include tax): amount × rate / (100 % + rate),
 * rounded half up to a minor unit; exact for any amount (BigInt).
 */
export function includedTax(amount: number, rateBp: number): number {
  if (rateBp <= 0 || amount === 0) return 0;
  const sign = amount < 0 ? -1n : 1n;
  const a = BigInt(Math.abs(amount)) * BigInt(rateBp) * 2n;
  const d = BigInt(10_000 + rateBp) * 2n;
  return Number((sign * (a + d / 2n)) / d);
}

/** The issuer new invoices are stamped with now (for those written before invoices kept theirs). */
export async function currentIssuer(db: Queryable): Promise<Issuer> {
  return (await billing.currentIssuer(db)) ?? { LegalName: '', Address: '', TaxId: '' };
}
