import {
  DASHBOARD_LIMITS,
  IDEMPOTENCY_HEADER,
  Ticket,
  TICKET_LIMITS,
  TicketList,
  TicketMessage,
  TicketMessages,
  TicketTypeList,
  type TicketAddBody,
  type TicketReplyBody,
} from '@nimbus/contract';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { ticketKeys, type TicketsParams } from './ticket-keys';

/** While a ticket is not closed, its page reads it again this often, so a staff answer appears. */
export const TICKET_POLL_MS = 15_000;

/** GET api/tickets: a page of the caller's tickets, most recently updated first. */
export const ticketsQueryOptions = (params: TicketsParams) =>
  queryOptions({
    queryKey: ticketKeys.list(params),
    queryFn: ({ signal }) => api.get('tickets', TicketList, { ...params }, signal),
    placeholderData: keepPreviousData,
  });

/** The dashboard's tickets (limit 4, docs/product/README.md#the-shell-and-the-dashboard). */
export const recentTicketsQueryOptions = () => ticketsQueryOptions({ limit: DASHBOARD_LIMITS.tickets });

/** GET api/ticketTypes: what a ticket can be about; the form offers them all (up to the page maximum). */
export const ticketTypesQueryOptions = (limit: number = TICKET_LIMITS.pageMax) =>
  queryOptions({
    queryKey: ticketKeys.types(limit),
    queryFn: ({ signal }) => api.get('ticketTypes', TicketTypeList, { limit }, signal),
  });

/** How often a ticket's page reads it again: every TICKET_POLL_MS until it is closed. */
export const ticketPollInterval = (ticket: Ticket | undefined) =>
  ticket && ticket.Status !== 'closed' ? TICKET_POLL_MS : false;

/** GET api/ticket: one of the caller's tickets; another customer's id is "not found". */
export const ticketQueryOptions = (id: number) =>
  queryOptions({
    queryKey: ticketKeys.detail(id),
    queryFn: ({ signal }) => api.get('ticket', Ticket, { id }, signal),
    refetchInterval: (query) => ticketPollInterval(query.state.data),
  });

/**
 * GET api/ticket/msgs: the conversation, oldest first (up to 999 messages,
 * docs/product/tickets.md#rules-ticket_limits-packagescontractsrcticketsts).
 */
export const ticketMessagesQueryOptions = (id: number) =>
  queryOptions({
    queryKey: ticketKeys.messages(id, TICKET_LIMITS.messages),
    queryFn: ({ signal }) => api.get('ticket/msgs', TicketMessages, { id, limit: TICKET_LIMITS.messages }, signal),
  });

/** POST api/ticket/add with an idempotency key: a double click opens one ticket. */
export const addTicket = (body: TicketAddBody, idempotencyKey: string) =>
  api.post('ticket/add', body, Ticket, { [IDEMPOTENCY_HEADER]: idempotencyKey });

/** POST api/ticket/reply with an idempotency key: a double click sends one reply. */
export const replyTicket = (body: TicketReplyBody, idempotencyKey: string) =>
  api.post('ticket/reply', body, TicketMessage, { [IDEMPOTENCY_HEADER]: idempotencyKey });

/** POST api/ticket/close. */
export const closeTicket = (id: number) => api.post('ticket/close', { Id: id }, Ticket);
