import type { LocalTextInput } from '@nimbus/contract';
import { withTx, type Db } from '../../infra/db/pool.js';
import { AppError } from '../../infra/lib/errors.js';
import { post, type UserRow, line } from '../users/index.js';
import { invoicedTo, invoices, type InvoiceRow } from './invoices.js';
import { billing } from './repository.js';

/** What the operator does to invoices (the admin CLI): write one by hand, cancel one. */
export const invoiceAdmin = {
  /** An unpaid invoice of one line for a customer, due in some days. */
  create(
    db: Db,
    user: UserRow,
    d: { amount: number; description: LocalTextInput; dueDays: number },
  ): Promise<InvoiceRow> {
    return withTx(db, (tx) =>
      billing.createManual(tx, {
        userId: user.id,
        amount: d.amount,
        currency: user.currency.trim(),
        description: d.description,
        invoicedTo: invoicedTo(user),
        due: new Date(Date.now() + d.dueDays * 86_400_000),
      }),
    );
  },
  /**
   * Cancels an unpaid invoice; a paid one only with `refund`, which gives its amount back through
   * the ledger and tells the invoice hooks. A cancelled one is wrong_status.
   */
  cancel(db: Db, id: number, opts: { refund: boolean }): Promise<{ invoice: InvoiceRow; refunded: number }> {
    return withTx(db, async (tx) => {
      const invoice = await billing.lock(tx, id);
      if (!invoice) throw new AppError('db_no_record', 404);
      // A renewal invoice is the renewal cycle's own record of a period (one per period): cancelled,
      // that period would never be billed again nor its instance suspended. Credit with user:balance.
      if (invoice.kind === 'renewal')
        throw new Error(
          'renewal invoices follow the renewal cycle and cannot be cancelled; use user:balance to credit the customer',
        );
      if (invoice.status === 'unpaid') return { invoice: await billing.cancelUnpaid(tx, id), refunded: 0 };
      if (invoice.status !== 'paid' || !opts.refund) throw new AppError('wrong_status', 409);
      await invoices.cancelPaid(tx, id);
      if (invoice.amount > 0)
        await post(tx, invoice.user_id, 'refund', invoice.amount, line('invoice_refund', { invoice: id }));
      return { invoice: (await billing.lock(tx, id))!, refunded: invoice.amount };
    });
  },
};
