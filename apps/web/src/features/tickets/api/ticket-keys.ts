import type { TicketStatus } from '@nimbus/contract';

/** GET api/tickets parameters: the API's limit, plus the list page's status filter and page. */
export interface TicketsParams {
  limit: number;
  page?: number;
  status?: TicketStatus;
}

/**
 * The tickets feature's query keys. Invalidating a ticket's `detail` refreshes its messages too;
 * `lists` refreshes every list (the page and the dashboard). Attachment bytes sit apart: they never
 * change, so no invalidation reads them again.
 */
export const ticketKeys = {
  all: ['tickets'] as const,
  lists: () => [...ticketKeys.all, 'list'] as const,
  list: (params: TicketsParams) => [...ticketKeys.lists(), params] as const,
  types: (limit: number) => [...ticketKeys.all, 'types', limit] as const,
  detail: (id: number) => [...ticketKeys.all, 'detail', id] as const,
  messages: (id: number, limit: number) => [...ticketKeys.detail(id), 'messages', limit] as const,
  attachment: (id: number) => ['ticket-attachment', id] as const,
};
