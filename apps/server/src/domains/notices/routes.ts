import { Notice, NoticeIdQuery, NoticeList, NoticeReadBody, NoticeReadResult, NoticesQuery } from '@nimbus/contract';
import { replies, type Api } from '../../infra/lib/api.js';
import type { Context } from '../../infra/lib/context.js';
import { localeOf } from '../../infra/lib/locale.js';
import { authOf } from '../../infra/http/session.js';
import { getNotice, listNotices, readAllNotices, readNotice } from './service.js';

const NOT_FOUND = 'An unknown or withdrawn notice is 404 `db_no_record`.';

/** The provider's notices as the signed-in customer reads them (`api/notices`, docs/product/notices.md#api). */
export async function noticeRoutes(app: Api, ctx: Context) {
  app.get(
    '/notices',
    {
      schema: {
        summary: 'List notices',
        description:
          'One page of the published notices, pinned first, then newest first, each with the caller’s read mark; `status` narrows it to the unread or read ones. `Unread` counts every published notice the caller has not read. Each notice is in the language of `Accept-Language` (any Chinese → zh_CN, else en_US), or the other one where only that was written.',
        querystring: NoticesQuery,
        response: replies(NoticeList),
      },
    },
    async (req) => ({ data: await listNotices(ctx, authOf(req).userId, req.query, localeOf(req)) }),
  );
  app.get(
    '/notice',
    {
      schema: {
        summary: 'Get a notice',
        description: `With its content as sanitised HTML. Reading it does not mark it read: POST api/notice/read does. ${NOT_FOUND}`,
        querystring: NoticeIdQuery,
        response: replies(Notice),
      },
    },
    async (req) => ({ data: await getNotice(ctx, authOf(req).userId, req.query.id, localeOf(req)) }),
  );
  app.post(
    '/notice/read',
    {
      schema: {
        summary: 'Mark a notice read',
        description: `For the caller only; marking it again changes nothing. Answers how many are left unread. ${NOT_FOUND}`,
        body: NoticeReadBody,
        response: replies(NoticeReadResult),
      },
    },
    async (req) => ({ data: await readNotice(ctx, authOf(req).userId, req.body.Id) }),
  );
  app.post(
    '/notice/readAll',
    {
      schema: {
        summary: 'Mark every notice read',
        description: 'Every published notice, for the caller only.',
        response: replies(NoticeReadResult),
      },
    },
    async (req) => ({ data: await readAllNotices(ctx, authOf(req).userId) }),
  );
}
