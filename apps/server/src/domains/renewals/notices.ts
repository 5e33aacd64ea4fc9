import type { Context } from '../../infra/lib/context.js';
import { renewalMail, type NoticeFacts } from './mail.js';

type Mailing = Pick<Context, 'config' | 'db' | 'mailer' | 'log'>;

/** How long a pass may take to send one claimed notice before another pass may claim it again. */
const CLAIM_SECONDS = 300;

/**
 * Sends the renewal mails recorded by the steps, one at a time and never inside a transaction: a
 * notice is claimed for CLAIM_SECONDS (other passes skip it) and committed, then mailed, then marked
 * sent. A failed send gives the claim back, so the next pass tries again; a pass that dies between
 * the send and the mark leaves the claim to run out, and the mail may go twice rather than never.
 * Returns how many went out.
 */
export async function sendNotices(ctx: Mailing, limit = 200): Promise<number> {
  let sent = 0;
  for (; sent < limit; sent++) {
    const { rows } = await ctx.db.query<NoticeFacts & { id: number }>(
      `with claimed as (
         update renewal_notices set claimed_until = now() + make_interval(secs => $2)
         where id = (select id from renewal_notices
                     where sent_at is null and (claimed_until is null or claimed_until < now())
                     order by id limit 1 for update skip locked)
         returning id, invoice_id, kind)
       select n.id, n.kind, u.locale, u.email, i.hostname, v.id as "invoiceId", v.amount, v.currency,
         v.due_date as "dueDate", i.due_at as "dueAt",
         v.due_date + make_interval(days => $1) as "destroyAt"
       from claimed n
       join invoices v on v.id = n.invoice_id
       join instances i on i.id = v.instance_id
       join users u on u.id = v.user_id`,
      [ctx.config.RENEWAL_GRACE_DAYS, CLAIM_SECONDS],
    );
    const notice = rows[0];
    if (!notice) break;
    try {
      await ctx.mailer.send(renewalMail(ctx.config.BRAND_NAME, ctx.config.PUBLIC_URL, notice));
    } catch (err) {
      ctx.log.warn({ err }, 'a renewal mail could not be sent; the next pass tries again');
      await ctx.db.query('update renewal_notices set claimed_until = null where id = $1', [notice.id]);
      break;
    }
    await ctx.db.query('update renewal_notices set sent_at = now() where id = $1', [notice.id]);
  }
  return sent;
}
