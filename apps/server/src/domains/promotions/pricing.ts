import { cycleByCode, isCycleCode, type CycleCode, type PromotionRefusal } from '@nimbus/contract';
import type { Queryable } from '../../infra/db/pool.js';
import { AppError } from '../../infra/lib/errors.js';
import type { ProductPlacement } from '../catalog/index.js';
import { promotions, type PromotionRow } from './repository.js';

/** A priced order line: what the customer pays and why. */
export interface Quote {
  /** The discounted price, in minor units of Currency (what api/deploy/price answers). */
  Price: number;
  OriginalPrice: number;
  Discount: number;
  Currency: string;
  Cycle: CycleCode;
  cycleKey: string;
  months: number;
  promotion: PromotionRow | null;
}

/** The cycle code of a request, priced for the product; anything else is `wrong_cycle`. */
export function priceFor(
  product: ProductPlacement,
  cycle: string,
): { code: CycleCode; key: string; months: number; amount: number } {
  const c = isCycleCode(cycle) ? cycleByCode(cycle) : undefined;
  const amount = c ? product.prices[c.key] : undefined;
  if (!c || amount === undefined) throw new AppError('wrong_cycle', 400);
  return { code: c.code, key: c.key, months: c.months, amount };
}

/**
 * Why a code was refused, as the customer is told (`fields.PromotionCode` of invalid_promotion_code):
 * a withdrawn code reads as expired, and a code for another currency as not for this order.
 */
const REASONS: Record<string, PromotionRefusal> = {
  unknown: 'promotion_unknown',
  disabled: 'promotion_expired',
  expired: 'promotion_expired',
  'not started': 'promotion_not_started',
  'not for this product': 'promotion_not_applicable',
  'not for this cycle': 'promotion_not_applicable',
  'other currency': 'promotion_not_applicable',
  'used up': 'promotion_used_up',
  'used up for this customer': 'promotion_already_used',
};

/** Whether a promotion applies to this product, cycle, customer and moment; the reason it does not, otherwise. */
export async function promotionProblem(
  db: Queryable,
  p: PromotionRow,
  opts: { productId: number; cycleKey: string; userId: number; currency: string; now: Date },
): Promise<string | null> {
  if (p.disabled_at) return 'disabled';
  if (p.starts_at && p.starts_at > opts.now) return 'not started';
  if (p.ends_at && p.ends_at <= opts.now) return 'expired';
  if (p.product_ids?.length && !p.product_ids.includes(opts.productId)) return 'not for this product';
  if (p.cycles?.length && !p.cycles.includes(opts.cycleKey)) return 'not for this cycle';
  if (p.kind === 'fixed' && p.currency?.trim() !== opts.currency) return 'other currency';
  if (p.max_uses !== null || p.max_uses_per_user !== null) {
    const uses = await promotions.uses(db, p.id, opts.userId);
    if (p.max_uses !== null && uses.total >= p.max_uses) return 'used up';
    if (p.max_uses_per_user !== null && uses.mine >= p.max_uses_per_user) return 'used up for this customer';
  }
  return null;
}

/** The discount a promotion gives on an amount: never more than the amount, rounded down to a minor unit. */
export function discountOf(p: PromotionRow, amount: number): number {
  const off = p.kind === 'percent' ? Math.floor((amount * p.value) / 100) : p.value;
  return Math.min(off, amount);
}

/**
 * Prices an order on the server: the product's price for the cycle, less a valid promotion.
 * `lock` takes the promotion's row lock so concurrent deploys count its uses one at a time.
 */
export async function quote(
  db: Queryable,
  product: ProductPlacement,
  opts: { cycle: string; code: string; userId: number; currency: string; lock?: boolean; now?: Date },
): Promise<Quote> {
  const cycle = priceFor(product, opts.cycle);
  let promotion: PromotionRow | null = null;
  let discount = 0;
  if (opts.code) {
    promotion = await promotions.byCode(db, opts.code, { lock: opts.lock });
    const problem = promotion
      ? await promotionProblem(db, promotion, {
          productId: product.id,
          cycleKey: cycle.key,
          userId: opts.userId,
          currency: opts.currency,
          now: opts.now ?? new Date(),
        })
      : 'unknown';
    if (problem || !promotion) {
      throw new AppError('invalid_promotion_code', 400, {
        PromotionCode: REASONS[problem ?? 'unknown'] ?? 'invalid_value',
      });
    }
    discount = discountOf(promotion, cycle.amount);
  }
  return {
    Price: cycle.amount - discount,
    OriginalPrice: cycle.amount,
    Discount: discount,
    Currency: opts.currency,
    Cycle: cycle.code,
    cycleKey: cycle.key,
    months: cycle.months,
    promotion,
  };
}
