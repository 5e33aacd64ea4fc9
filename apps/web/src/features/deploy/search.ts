// The /deploy search parameters. This module is part of the route tree, which loads with the
// entry: it imports nothing from the contract, so the catalogue's schemas stay in the page's chunk.

/** Optional search parameters of /deploy (docs/product/deploy.md#search-parameters-featuresdeploysearchts). */
export interface DeploySearch {
  region_id?: number;
  group_id?: number;
  product_id?: number;
  promo_code?: string;
  /**
   * Ours, beyond the link's parameters: the top-up this page sent the customer to, when /billing
   * brings them back to the draft they left. Anything but a whole number is dropped without a word.
   */
  resume?: number;
}

export const DEPLOY_SEARCH_KEYS = ['region_id', 'group_id', 'product_id', 'promo_code'] as const;
export type DeploySearchKey = (typeof DEPLOY_SEARCH_KEYS)[number];

const isId = (v: unknown) => typeof v === 'number' && Number.isSafeInteger(v) && v > 0;
/** Search params arrive JSON-parsed by the router ("5" becomes 5, "5.5" stays a number). */
const asId = (v: unknown) => (typeof v === 'string' && /^\d+$/.test(v) ? Number(v) : v);

/**
 * region_id, group_id and product_id are integers, promo_code a string. A parameter of
 * the wrong type or precision is left out and named in `invalid` (absent when none), for the
 * page's message.
 */
export function parseDeploySearch(raw: Record<string, unknown>): DeploySearch & { invalid?: DeploySearchKey[] } {
  const out: DeploySearch = {};
  const invalid: DeploySearchKey[] = [];
  for (const key of ['region_id', 'group_id', 'product_id'] as const) {
    if (raw[key] === undefined) continue;
    const value = asId(raw[key]);
    if (isId(value)) out[key] = value as number;
    else {
      // The router keeps raw values of keys the route leaves out, so a bad one is cleared here.
      out[key] = undefined;
      invalid.push(key);
    }
  }
  const promo = raw.promo_code;
  if (typeof promo === 'string') out.promo_code = promo;
  else if (typeof promo === 'number' && Number.isFinite(promo)) out.promo_code = String(promo);
  else if (promo !== undefined) {
    out.promo_code = undefined;
    invalid.push('promo_code');
  }
  const resume = asId(raw.resume);
  out.resume = isId(resume) ? (resume as number) : undefined;
  return invalid.length > 0 ? { ...out, invalid } : out;
}
