import type { TicketStatus } from '@nimbus/contract';
import { optionalKey, optionalWhole } from '../../lib/search-params';

/**
 * /tickets search parameters: the status filter and page of the list, and `new=1` (with an
 * optional `type_id`) for the new-ticket form, so a link can open the form on a type.
 */
export interface TicketsSearch {
  status?: TicketStatus;
  page?: number;
  new?: 1;
  type_id?: number;
}

// validateSearch loads with the entry: a runtime import of the contract's tickets module would take
// its zod schemas into /login's code. The record still fails to compile when a status is added.
const STATUSES: Record<TicketStatus, true> = { open: true, in_progress: true, answered: true, closed: true };

/**
 * Malformed values are dropped, so a hand-edited URL still opens the list. Each key is set, if only
 * to undefined: the router keeps keys a route leaves out.
 */
export function parseTicketsSearch(raw: Record<string, unknown>): TicketsSearch {
  const opened = raw.new === 1 || raw.new === '1' || raw.new === true;
  return {
    status: optionalKey(raw.status, STATUSES),
    page: optionalWhole(raw.page, 2, 1_000_000),
    new: opened ? 1 : undefined,
    type_id: opened ? optionalWhole(raw.type_id, 1) : undefined,
  };
}
