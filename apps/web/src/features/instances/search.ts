import { INSTANCE_STATUSES, type InstanceStatus } from '@nimbus/contract';

/** /instances search parameters: the status filter, the search text and the page, all optional. */
export interface InstancesSearch {
  status?: InstanceStatus;
  q?: string;
  page?: number;
}

/**
 * Malformed values are dropped, so a hand-edited URL still opens the list. Each key is set, if only
 * to undefined: the router keeps the raw value of a key the route leaves out.
 */
export function parseInstancesSearch(raw: Record<string, unknown>): InstancesSearch {
  const out: InstancesSearch = { status: undefined, q: undefined, page: undefined };
  if (typeof raw.status === 'string' && (INSTANCE_STATUSES as readonly string[]).includes(raw.status)) {
    out.status = raw.status as InstanceStatus;
  }
  if (typeof raw.q === 'string' && raw.q.trim() !== '') out.q = raw.q.trim().slice(0, 128);
  const page = Number(raw.page);
  if (Number.isInteger(page) && page > 1 && page <= 1_000_000) out.page = page;
  return out;
}
