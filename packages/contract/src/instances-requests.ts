import * as z from 'zod/mini';
import { queryId, queryInt, SERIAL_ID_MAX } from './query.js';
import { INSTANCE_STATUSES } from './constants.js';

// Request schemas of the instance reads; the web takes only their types (see deploy-requests.ts).

export const INSTANCE_PAGE_MAX = 100;

/**
 * GET api/instances: `limit` as the dashboard sends it, plus the list page's filter, search and
 * paging. Destroyed instances are left out unless `status=destroyed`.
 */
export const InstancesQuery = z.object({
  limit: z._default(queryInt(1, INSTANCE_PAGE_MAX), 20),
  page: z._default(queryInt(1, 1_000_000), 1),
  status: z.optional(
    z
      .enum(INSTANCE_STATUSES, { error: 'invalid_value' })
      .check(z.describe('Only instances in this status; without it, every status but destroyed.')),
  ),
  search: z.optional(z.string().check(z.trim(), z.maxLength(128, { error: 'incorrect_length' }))),
});
export type InstancesQuery = z.input<typeof InstancesQuery>;

/** GET api/instance/get, api/instance…: `id` of one of the caller's instances. */
export const InstanceQuery = z.object({ id: queryId(SERIAL_ID_MAX) });
