import {
  StaffNotice,
  StaffNoticeAddBody,
  StaffNoticeList,
  StaffNoticesQuery,
  StaffNoticeWithdrawBody,
} from '@nimbus/contract';
import { replies, type Api } from '../../infra/lib/api.js';
import type { Context } from '../../infra/lib/context.js';
import { idempotencyKeyOf, IdempotencyHeaders } from '../../infra/lib/idempotency.js';
import { requireStaff, staffOf } from '../accounts/index.js';
import { listAllNotices, publishNotice, withdrawNotice } from './publishing.js';

/** The staff API's notices: what `npm run admin -- notice:…` does, for a provider's help desk. */
export async function noticeStaffRoutes(app: Api, ctx: Context) {
  const preHandler = requireStaff('notices');
  app.get(
    '/staff/notices',
    {
      preHandler,
      schema: {
        summary: 'List every notice',
        description:
          'Newest first, live and withdrawn alike unless `state` narrows it, with how many customers read each. Title, Summary and Content read English (Chinese where only that was written); `Texts` holds every version. Needs the `notices` scope.',
        querystring: StaffNoticesQuery,
        response: replies(StaffNoticeList),
      },
    },
    async (req) => ({ data: await listAllNotices(ctx.db, req.query) }),
  );
  app.post(
    '/staff/notice/add',
    {
      preHandler,
      schema: {
        summary: 'Publish a notice',
        description:
          'Customers see it at once, unread. Title and Content are written in English, Chinese or both: a plain string is the English version, or `{"en_US": …, "zh_CN": …}`; a language with a title needs its content (400 `required` on `Title.zh_CN`, `Content.zh_CN`…). Customers read their language, else the other. The content is HTML, sanitised before it is stored (scripts, styles, event handlers, frames and javascript: links are removed; links open in a new tab with rel="noopener noreferrer"); content with no text left is 400 with `fields.Content` = `required`. Send an Idempotency-Key to retry safely. Needs the `notices` scope.',
        headers: IdempotencyHeaders,
        body: StaffNoticeAddBody,
        response: replies(StaffNotice),
      },
    },
    async (req) => {
      const by = { staffTokenId: staffOf(req).tokenId, key: idempotencyKeyOf(req) };
      return { data: await publishNotice(ctx.db, req.body, by) };
    },
  );
  app.post(
    '/staff/notice/withdraw',
    {
      preHandler,
      schema: {
        summary: 'Withdraw a notice',
        description:
          'Customers no longer see it (404 for them); it stays in this list. An unknown id is 404 `db_no_record`, one already withdrawn 409 `wrong_status`. Needs the `notices` scope.',
        body: StaffNoticeWithdrawBody,
        response: replies(StaffNotice),
      },
    },
    async (req) => ({ data: await withdrawNotice(ctx.db, req.body.Id) }),
  );
}
