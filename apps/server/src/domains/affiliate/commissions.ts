import type { Queryable, Tx } from '../../infra/db/pool.js';
import { clock } from '../../infra/lib/clock.js';
import type { InvoiceRow } from '../billing/index.js';
import { post, users, line } from '../users/index.js';
import { affiliateRepo } from './repository.js';
import { affiliateDefaults, commissionOf } from './settings.js';

const DAY_MS = 86_400_000;

/** The rate a referrer earns: their own, else the operator's, else AFFILIATE_RATE (basis points). */
export async function rateFor(db: Queryable, referrerId: number | null): Promise<number> {
  return (await affiliateRepo.rateBps(db, referrerId)) ?? affiliateDefaults.rateBps;
}

/**
 * invoiceEvents.onPaid: a referred customer's paid invoice is a purchase, and earns the referrer
 * its commission, pending for AFFILIATE_HOLD_DAYS. Once per invoice (unique invoice_id).
 */
export async function recordPurchase(tx: Tx, invoice: InvoiceRow): Promise<void> {
  if (invoice.amount <= 0) return;
  const referrerId = await users.referrerOf(tx, invoice.user_id);
  if (!referrerId) return;
  const rateBps = await rateFor(tx, referrerId);
  const now = clock.now();
  await affiliateRepo.insertCommission(tx, {
    referrer_id: referrerId,
    customer_id: invoice.user_id,
    invoice_id: invoice.id,
    invoice_amount: invoice.amount,
    rate_bps: rateBps,
    amount: commissionOf(invoice.amount, rateBps),
    currency: invoice.currency,
    created_at: now,
    available_at: new Date(now.getTime() + affiliateDefaults.holdDays * DAY_MS),
  });
}

/**
 * invoiceEvents.onPaidCancelled: the refunded invoice's commission is reversed. A pending one
 * simply never becomes available. An available one leaves the available commission; if the referrer
 * had already moved it into their balance (available would go below zero), what is owed is taken
 * back from the balance with a `commission` ledger entry, but only as far as the balance allows: the
 * balance never goes negative, and any rest stays owed, settled by the referrer's next commissions
 * before they can move anything again.
 */
export async function reverseCommission(tx: Tx, invoice: InvoiceRow): Promise<void> {
  const old = await affiliateRepo.reverse(tx, invoice.id, clock.now());
  if (!old || old.status !== 'available' || old.amount === 0) return;
  const referrer = await users.lock(tx, old.referrer_id);
  const owed = -(await affiliateRepo.withdrawable(tx, old.referrer_id));
  const take = Math.min(owed, referrer?.balance ?? 0);
  if (take <= 0) return;
  await post(tx, old.referrer_id, 'commission', -take, line('commission_reversed'));
  await affiliateRepo.addPayout(tx, old.referrer_id, -take, old.currency);
}

/** Moves commissions whose hold has passed to available: the periodic job, safe on every replica. */
export function releaseDue(db: Queryable): Promise<number> {
  return affiliateRepo.release(db, clock.now());
}
