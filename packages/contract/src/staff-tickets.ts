import * as z from 'zod/mini';
import { localTextInput, LocalTextVersions } from './local-text.js';
import { Ticket, TicketSummary, TicketType } from './tickets.js';
import { TicketCloseBody, TicketReplyBody, TicketsQuery } from './tickets-requests.js';

// The staff API's tickets (docs/product/tickets.md#staff-side): what a help desk reads and does
// under /api/staff/, with the customer each ticket belongs to and who took it.

const int = () => z.number().check(z.int());
const Customer = {
  UserId: int(),
  Email: z.string().check(z.describe("The customer's email address.")),
  Assignee: z.nullable(z.string().check(z.describe('Who took the ticket (POST api/staff/ticket/assign).'))),
};

export const StaffTicketSummary = z
  .object({ ...TicketSummary.shape, ...Customer })
  .register(z.globalRegistry, { id: 'StaffTicketSummary' });
export type StaffTicketSummary = z.infer<typeof StaffTicketSummary>;

/** `data` of GET api/staff/tickets: one page of every customer's tickets, most recently updated first. */
export const StaffTicketList = z
  .object({ Total: int(), Items: z.array(StaffTicketSummary) })
  .register(z.globalRegistry, { id: 'StaffTicketList' });
export type StaffTicketList = z.infer<typeof StaffTicketList>;

/** `data` of GET api/staff/ticket?id= and of the staff API's ticket changes. */
export const StaffTicket = z.object({ ...Ticket.shape, ...Customer }).register(z.globalRegistry, { id: 'StaffTicket' });
export type StaffTicket = z.infer<typeof StaffTicket>;

/** GET api/staff/tickets: TicketsQuery plus one customer's tickets by their email address. */
export const StaffTicketsQuery = z.object({
  ...TicketsQuery.shape,
  email: z.optional(z.string().check(z.trim(), z.maxLength(254, { error: 'invalid_email' }))),
});
export type StaffTicketsQuery = z.input<typeof StaffTicketsQuery>;

const StaffName = z
  .string({ error: 'required' })
  .check(z.trim(), z.minLength(1, { error: 'required' }), z.maxLength(100, { error: 'incorrect_length' }));

/**
 * POST api/staff/ticket/reply: a staff answer (the ticket becomes answered and the customer is
 * mailed). AuthorName defaults to the token's name; attachments come from POST api/staff/ticket/attachment.
 */
export const StaffTicketReplyBody = z.object({ ...TicketReplyBody.shape, AuthorName: z.optional(StaffName) });
export type StaffTicketReplyBody = z.input<typeof StaffTicketReplyBody>;

/** POST api/staff/ticket/assign: someone takes the ticket (in_progress). */
export const StaffTicketAssignBody = z.object({ Id: TicketCloseBody.shape.Id, Assignee: StaffName });
export type StaffTicketAssignBody = z.input<typeof StaffTicketAssignBody>;

export const TICKET_TYPE_LIMITS = { nameMax: 100, descriptionMax: 1000 } as const;

/**
 * POST api/staff/ticket-type/add: a new ticket type customers can choose, in English, Chinese or
 * both (`"Billing"` or `{"en_US": "Billing", "zh_CN": "账单与付款"}`); customers read their language,
 * else the other.
 */
export const TicketTypeAddBody = z.object({
  Name: localTextInput(
    z
      .string({ error: 'required' })
      .check(
        z.trim(),
        z.minLength(1, { error: 'required' }),
        z.maxLength(TICKET_TYPE_LIMITS.nameMax, { error: 'incorrect_length' }),
      ),
    true,
  ),
  Description: z.optional(
    localTextInput(
      z
        .string({ error: 'invalid_value' })
        .check(z.trim(), z.maxLength(TICKET_TYPE_LIMITS.descriptionMax, { error: 'incorrect_length' })),
      false,
    ),
  ),
});
export type TicketTypeAddBody = z.input<typeof TicketTypeAddBody>;

/** A ticket type as staff see it: read in English (else Chinese), with every version as written. */
export const StaffTicketType = z
  .object({ ...TicketType.shape, Texts: z.object({ Name: LocalTextVersions, Description: LocalTextVersions }) })
  .register(z.globalRegistry, { id: 'StaffTicketType' });
export type StaffTicketType = z.infer<typeof StaffTicketType>;

/** `data` of GET api/staff/ticketTypes. */
export const StaffTicketTypeList = z.array(StaffTicketType).register(z.globalRegistry, { id: 'StaffTicketTypeList' });
export type StaffTicketTypeList = z.infer<typeof StaffTicketTypeList>;
