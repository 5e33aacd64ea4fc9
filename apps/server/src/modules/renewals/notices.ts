import { withTx } from '../../db/pool.js';
import type { Context } from '../../lib/context.js';
import { renewalMail, type NoticeFacts } from './mail.js';

type Mailing = Pick<Context, 'config' | 'db' | 'mailer' | 'log'>;

/**
 * Sends the renewal mails recorded by the steps, one per transaction: the notice is claimed (other
 * passes skip it), mailed and marked sent together, so a failed send is tried again by the next
 * pass and a sent one never is. Returns how many went out.
 */
export async function sendNotices(ctx: Mailing, limit = 200): Promise<number> {
  let sent = 0;
  for (; sent < limit; sent++) {
    const done = await withTx(ctx.db, async (tx) => {
      const { rows } = await tx.query<NoticeFacts & { id: number }>(
        `select n.id, n.kind, u.locale, u.email, i.hostname, v.id as "invoiceId", v.amount, v.currency,
           v.due_date as "dueDate", i.due_at as "dueAt",
           v.due_date + make_interval(days => $1) as "destroyAt"
         from renewal_notices n
         join invoices v on v.id = n.invoice_id
         join instances i on i.id = v.instance_id
         join users u on u.id = v.user_id
         where n.sent_at is null
         order by n.id limit 1
         for update of n skip locked`,
        [ctx.config.RENEWAL_GRACE_DAYS],
      );
      const notice = rows[0];
      if (!notice) return false;
      await ctx.mailer.send(renewalMail(ctx.config.BRAND_NAME, ctx.config.PUBLIC_URL, notice));
      await tx.query('update renewal_notices set sent_at = now() where id = $1', [notice.id]);
      return true;
    }).catch((err: unknown) => {
      ctx.log.warn({ err }, 'a renewal mail could not be sent; the next pass tries again');
      return false;
    });
    if (!done) break;
  }
  return sent;
}
