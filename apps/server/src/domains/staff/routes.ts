import { StaffComputeFindings, StaffUser, StaffUserQuery, StaffWhoami } from '@nimbus/contract';
import { replies, type Api } from '../../infra/lib/api.js';
import type { Context } from '../../infra/lib/context.js';
import { requireStaff, staffOf } from '../accounts/index.js';
import { staffUser } from './users.js';
import { computeFindings } from '../../infra/compute/findings.js';

/** The staff API's own routes; tickets and notices add theirs in their modules. */
export async function staffRoutes(app: Api, ctx: Context) {
  app.get(
    '/staff/whoami',
    {
      schema: {
        summary: 'Check an operator token',
        description:
          'The token’s name and scopes. A missing token is 401 `need_login`; an unknown or revoked one 401 `invalid_session`.',
        response: replies(StaffWhoami),
      },
    },
    async (req) => {
      const staff = staffOf(req);
      return { data: { Name: staff.name, Scopes: staff.scopes } };
    },
  );
  app.get(
    '/staff/user',
    {
      preHandler: requireStaff('users'),
      schema: {
        summary: 'A customer with their instances, invoices and tickets',
        description:
          'By `id` or by `email` (exactly one; the email in any case). The newest 100 of each list, with the totals. ' +
          'Unknown is 404 `user_not_exist`. Needs the `users` scope.',
        querystring: StaffUserQuery,
        response: replies(StaffUser),
      },
    },
    async (req) => ({ data: await staffUser(ctx.db, req.query) }),
  );
  app.get(
    '/staff/compute/findings',
    {
      preHandler: requireStaff('users'),
      schema: {
        summary: 'Instances whose VM is gone, and VMs of ours with no instance',
        description:
          'What the last reconcile pass found (it runs at start and every RECONCILE_EVERY_SECONDS): instances whose ' +
          'VM is gone from its cluster (their renewals stopped), and VMs marked as this installation’s that no ' +
          'instance owns (never deleted by Nimbus). Needs the `users` scope.',
        response: replies(StaffComputeFindings),
      },
    },
    async () => ({ data: await computeFindings(ctx.db) }),
  );
}
