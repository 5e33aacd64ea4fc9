import type { NoticeReadFilter } from '@nimbus/contract';
import { optionalKey, optionalWhole } from '../../lib/search-params';

/** /notices search parameters: the notice open for reading, the read filter and the page. */
export interface NoticesSearch {
  id?: number;
  status?: NoticeReadFilter;
  page?: number;
}

// validateSearch loads with the entry: the contract's request schemas stay out of it. The record
// still fails to compile when a filter is added.
const FILTERS: Record<NoticeReadFilter, true> = { unread: true, read: true };

/**
 * Malformed values are dropped, so a hand-edited URL still opens the list. Each key is set, if only
 * to undefined: the router keeps the raw value of a key the route leaves out.
 */
export function parseNoticesSearch(raw: Record<string, unknown>): NoticesSearch {
  return {
    id: optionalWhole(raw.id, 1),
    status: optionalKey(raw.status, FILTERS),
    page: optionalWhole(raw.page, 2, 1_000_000),
  };
}
