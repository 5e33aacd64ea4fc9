import type { Context } from '../../infra/lib/context.js';
import { renewalMail } from './mail.js';
import { renewals } from './repository.js';

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
    const notice = await renewals.claimNotice(ctx.db, ctx.config.RENEWAL_GRACE_DAYS, CLAIM_SECONDS);
    if (!notice) break;
    try {
      await ctx.mailer.send(renewalMail(ctx.config.BRAND_NAME, ctx.config.PUBLIC_URL, notice));
    } catch (err) {
      ctx.log.warn({ err }, 'a renewal mail could not be sent; the next pass tries again');
      await renewals.releaseNotice(ctx.db, notice.id);
      break;
    }
    await renewals.noticeSent(ctx.db, notice.id);
  }
  return sent;
}
