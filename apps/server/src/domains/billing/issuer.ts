import type { Issuer } from '@nimbus/contract';
import type { Config } from '../../infra/config/env.js';
import type { Queryable } from '../../infra/db/pool.js';

/** The tax rate of the configuration in hundredths of a percent (13.5 % → 1350). */
export const taxRateBp = (config: Pick<Config, 'TAX_RATE'>) => Math.round(config.TAX_RATE * 100);

/**
 * Writes the configured issuer and tax rate where the database stamps new invoices and payments
 * with them (migration 0042); every kind of process does it at start, so the stamp follows the
 * configuration of the processes that run.
 */
export async function storeIssuer(db: Queryable, config: Config): Promise<void> {
  await db.query(
    `insert into billing_issuer (id, legal_name, address, tax_id, tax_rate_bp) values (true, $1, $2, $3, $4)
     on conflict (id) do update set legal_name = $1, address = $2, tax_id = $3, tax_rate_bp = $4, updated_at = now()
       where (billing_issuer.legal_name, billing_issuer.address, billing_issuer.tax_id, billing_issuer.tax_rate_bp)
         is distinct from ($1, $2, $3, $4)`,
    [
      config.PROVIDER_LEGAL_NAME || config.BRAND_NAME,
      config.PROVIDER_ADDRESS,
      config.PROVIDER_TAX_ID,
      taxRateBp(config),
    ],
  );
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
  const { rows } = await db.query<{ issuer: Issuer | null }>('select billing_issuer_json() as issuer');
  return rows[0]?.issuer ?? { LegalName: '', Address: '', TaxId: '' };
}
