import { InstanceDetail, InstanceList, InstanceQuery, InstancesQuery } from '@nimbus/contract';
import { replies, type Api } from '../../infra/lib/api.js';
import type { Context } from '../../infra/lib/context.js';
import { localeOf } from '../../infra/lib/locale.js';
import { authOf } from '../../infra/http/session.js';
import { instanceDetail, listInstances } from './service.js';

/** The signed-in customer's instances (docs/product/instances.md), for the list, the dashboard and the detail page. */
export async function instanceRoutes(app: Api, ctx: Context) {
  app.get(
    '/instances',
    {
      schema: {
        summary: 'List instances',
        description:
          'One page of the caller’s instances, newest first, in every status unless `status` filters them. ' +
          '`search` matches the hostname (any case) or the IP address, anywhere in either. ' +
          '`Total` counts every match, not only this page.',
        querystring: InstancesQuery,
        response: replies(InstanceList),
      },
    },
    async (req) => ({ data: await listInstances(ctx, authOf(req).userId, req.query, localeOf(req)) }),
  );
  app.get(
    '/instance/get',
    {
      schema: {
        summary: 'An instance with its size and network',
        description: 'An instance that is not the caller’s is 404 `instance_not_exist`, like one that never existed.',
        querystring: InstanceQuery,
        response: replies(InstanceDetail),
      },
    },
    async (req) => ({ data: await instanceDetail(ctx, authOf(req).userId, req.query.id, localeOf(req)) }),
  );
}
