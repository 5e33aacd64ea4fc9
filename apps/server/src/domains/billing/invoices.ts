import type { Tx } from '../../infra/db/pool.js';
import { AppError } from '../../infra/lib/errors.js';
import { type ProductPlacement, type ProductRow, nameOf } from '../catalog/index.js';
import type { Quote } from '../promotions/index.js';
import { post, toProfile, type UserRow, line } from '../users/index.js';
import { invoiceEvents } from './events.js';
import { billing, type InvoiceRow } from './repository.js';

export type { InvoiceRow };

/**
 * The customer as the invoice names them ("invoiced-to", docs/product/billing.md), frozen at the
 * time of the invoice.
 */
export function invoicedTo(user: UserRow): Record<string, string> {
  return { Email: user.email, ...toProfile(user) };
}

/**
 * Locks the instance an invoice is for, after the invoice and before the balance: the order every
 * payer and the renewal pass take them in, so none deadlocks with another. A renewal of an instance
 * that is gone, whose VM is missing from its cluster, or that a destroy task is removing, cannot be paid (a gateway payment for it leaves
 * its money on the balance).
 */
async function lockPayableInstance(tx: Tx, invoice: InvoiceRow): Promise<void> {
  const instance = await billing.lockInvoicedInstance(tx, invoice.instance_id!);
  const gone =
    !instance || ['destroyed', 'cancelled'].includes(instance.status) || instance.destroying || instance.missing;
  if (invoice.kind === 'renewal' && gone) throw new AppError('wrong_status', 409);
}

/** What an invoice reads of the instance it bills (an instances row). */
export interface InvoicedInstance {
  id: number;
  hostname: string;
  cycle: string;
  currency: string;
  due_at: Date;
}

/** A paid invoice of an instance, from now to its due date (its lines are the caller's). */
async function insertPaid(
  tx: Tx,
  kind: 'deploy' | 'upgrade',
  user: UserRow,
  instance: InvoicedInstance,
  p: { amount: number; currency: string; cycle: string },
): Promise<InvoiceRow> {
  return billing.insertPaid(tx, {
    userId: user.id,
    instanceId: instance.id,
    kind,
    amount: p.amount,
    currency: p.currency,
    cycle: p.cycle,
    invoicedTo: invoicedTo(user),
    periodEnd: instance.due_at,
  });
}

export const invoices = {
  /** The paid invoice of a deploy: the product for the first period, less the promotion. */
  async createPaid(
    db: Tx,
    d: { user: UserRow; instance: InvoicedInstance; product: ProductPlacement; quote: Quote },
  ): Promise<InvoiceRow> {
    const invoice = await insertPaid(db, 'deploy', d.user, d.instance, {
      amount: d.quote.Price,
      currency: d.quote.Currency,
      cycle: d.quote.cycleKey,
    });
    await billing.addItem(db, invoice.id, await billing.serviceLine(db, d.instance.id), d.quote.OriginalPrice);
    if (d.quote.promotion && d.quote.Discount > 0) {
      const code = d.quote.promotion.code.toUpperCase();
      await billing.addItem(db, invoice.id, line('promotion', { code }), -d.quote.Discount);
    }
    await invoiceEvents.paid(db, invoice);
    return invoice;
  },
  /** The paid invoice of an upgrade: the prorated difference, up to the instance's due date. */
  async createUpgrade(
    tx: Tx,
    d: { user: UserRow; instance: InvoicedInstance; from: ProductRow; to: ProductRow; charge: number },
  ): Promise<InvoiceRow> {
    const invoice = await insertPaid(tx, 'upgrade', d.user, d.instance, {
      amount: d.charge,
      currency: d.instance.currency,
      cycle: d.instance.cycle,
    });
    const item = line('upgrade', { from: nameOf(d.from), to: nameOf(d.to), hostname: d.instance.hostname });
    await billing.addItem(tx, invoice.id, item, d.charge);
    await invoiceEvents.paid(tx, invoice);
    return invoice;
  },
  /** A deploy that failed: its invoice is cancelled (the charge is refunded through the ledger). */
  async cancelForInstance(tx: Tx, instanceId: number): Promise<boolean> {
    let cancelled = false;
    for (const id of await billing.paidDeployInvoiceIds(tx, instanceId))
      cancelled = (await invoices.cancelPaid(tx, id)) || cancelled;
    return cancelled;
  },
  /**
   * Cancels a paid invoice and tells the hooks; true when it did. The caller refunds the charge only
   * then: an invoice the operator already refunded (invoice:cancel --refund) is not refunded again
   * when the deploy or upgrade it paid for fails afterwards.
   */
  async cancelPaid(tx: Tx, invoiceId: number): Promise<boolean> {
    const cancelled = await billing.cancelPaid(tx, invoiceId);
    if (cancelled) await invoiceEvents.paidCancelled(tx, cancelled);
    return cancelled !== undefined;
  },
  /**
   * Pays one of the user's unpaid invoices from their balance: the charge, the status and the
   * hooks in the caller's transaction. Another customer's invoice is not found; one already paid or
   * cancelled is `wrong_status`; too little balance is `balance_not_enough`.
   */
  async payFromBalance(tx: Tx, userId: number, invoiceId: number): Promise<InvoiceRow> {
    const invoice = await billing.lockOwn(tx, invoiceId, userId);
    if (!invoice) throw new AppError('db_no_record', 404);
    if (invoice.status !== 'unpaid') throw new AppError('wrong_status', 409);
    if (invoice.instance_id) await lockPayableInstance(tx, invoice);
    if (invoice.amount > 0)
      await post(tx, userId, 'charge', -invoice.amount, line('invoice_payment', { invoice: invoice.id }));
    return invoices.markPaid(tx, invoice.id);
  },
  /** Marks an unpaid invoice paid (its money already posted by the caller) and runs the hooks. */
  async markPaid(tx: Tx, invoiceId: number): Promise<InvoiceRow> {
    const paid = await billing.markPaid(tx, invoiceId);
    if (!paid) throw new AppError('wrong_status', 409);
    await invoiceEvents.paid(tx, paid);
    return paid;
  },
};
