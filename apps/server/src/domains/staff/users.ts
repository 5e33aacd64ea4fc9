import { STAFF_USER_LIST_MAX, type StaffUser } from '@nimbus/contract';
import { STAFF_LOCALE } from '../../infra/lib/locale.js';
import type { Queryable } from '../../infra/db/pool.js';
import { AppError } from '../../infra/lib/errors.js';
import { billing, toInvoiceSummary } from '../billing/index.js';
import { instanceViews, toSummary as toInstanceSummary } from '../instances/index.js';
import { toSummary as toTicketSummary, tickets } from '../tickets/index.js';
import { users } from '../users/index.js';

/**
 * A customer as the provider's staff see them (the CLI's user:show and GET api/staff/user): the
 * account with the newest of their instances, invoices and tickets. Unknown is 404 `user_not_exist`.
 */
export async function staffUser(db: Queryable, by: { id?: number; email?: string }): Promise<StaffUser> {
  const u = by.id !== undefined ? await users.byId(db, by.id) : await users.byEmail(db, by.email ?? '');
  if (!u) throw new AppError('user_not_exist', 404);
  const [inst, inv, tix] = await Promise.all([
    instanceViews.list(db, u.id, {}, { limit: STAFF_USER_LIST_MAX, offset: 0 }),
    billing.invoices(db, { userId: u.id }, { limit: STAFF_USER_LIST_MAX, page: 1 }),
    tickets.list(db, { userId: u.id }, { limit: STAFF_USER_LIST_MAX, page: 1 }),
  ]);
  return {
    Id: u.id,
    Email: u.email,
    FirstName: u.first_name,
    LastName: u.last_name,
    Company: u.company,
    Country: u.country,
    Locale: u.locale,
    Balance: Number(u.balance),
    Currency: u.currency.trim(),
    CreatedAt: u.created_at.toISOString(),
    Instances: { Total: inst.total, Items: inst.rows.map((v) => toInstanceSummary(v, STAFF_LOCALE)) },
    Invoices: { Total: inv.total, Items: inv.rows.map(toInvoiceSummary) },
    Tickets: { Total: tix.total, Items: tix.rows.map((r) => toTicketSummary(r, STAFF_LOCALE)) },
  };
}
