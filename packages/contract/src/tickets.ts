import * as z from 'zod/mini';

// The answers of the support API (docs/product/tickets.md): tickets, their types, messages and attachments.

const int = () => z.number().check(z.int());
const date = () => z.string().check(z.describe('ISO 8601 date-time (UTC).'));

/** A ticket is open, in_progress (staff took it), answered (staff replied) or closed. */
export const TICKET_STATUSES = ['open', 'in_progress', 'answered', 'closed'] as const;
export type TicketStatus = (typeof TICKET_STATUSES)[number];

/** The limits the server enforces on tickets and attachments. */
export const TICKET_LIMITS = {
  messages: 999,
  titleMax: 200,
  contentMax: 10_000,
  attachmentsPerMessage: 5,
  attachmentMaxBytes: 5 * 1024 * 1024,
  pageMax: 100,
} as const;

/**
 * What an attachment may be, judged by its bytes (magic numbers; text must be valid UTF-8 without
 * control characters), never by its name or the browser's claim.
 */
export const ATTACHMENT_TYPES = [
  'image/png',
  'image/jpeg',
  'image/gif',
  'image/webp',
  'application/pdf',
  'text/plain',
] as const;
export type AttachmentType = (typeof ATTACHMENT_TYPES)[number];

/** A ticket type (docs/product/tickets.md#ticket-types): what a ticket is about, chosen from the operator's list. */
export const TicketType = z
  .object({ Id: int(), Name: z.string(), Description: z.string() })
  .register(z.globalRegistry, { id: 'TicketType' });
export type TicketType = z.infer<typeof TicketType>;

/** `data` of GET api/ticketTypes. */
export const TicketTypeList = z.array(TicketType).register(z.globalRegistry, { id: 'TicketTypeList' });
export type TicketTypeList = z.infer<typeof TicketTypeList>;

export const TicketAttachment = z
  .object({
    Id: int(),
    Name: z.string().check(z.describe('The file name as uploaded, for display and download only.')),
    Size: int().check(z.describe('Bytes.')),
    ContentType: z.enum(ATTACHMENT_TYPES),
  })
  .register(z.globalRegistry, { id: 'TicketAttachment' });
export type TicketAttachment = z.infer<typeof TicketAttachment>;

/** One row of GET api/tickets. */
export const TicketSummary = z
  .object({
    Id: int(),
    Title: z.string(),
    Status: z.enum(TICKET_STATUSES),
    TypeId: int(),
    TypeName: z.string(),
    InstanceId: z.nullable(int()),
    Hostname: z.nullable(z.string().check(z.describe('The instance the ticket is about, if any.'))),
    CreatedAt: date(),
    UpdatedAt: date().check(z.describe('The last message or status change.')),
    LastReplyBy: z.enum(['customer', 'staff']),
  })
  .register(z.globalRegistry, { id: 'TicketSummary' });
export type TicketSummary = z.infer<typeof TicketSummary>;

/** `data` of GET api/tickets: one page of the caller's tickets, most recently updated first. */
export const TicketList = z
  .object({ Total: int(), Items: z.array(TicketSummary) })
  .register(z.globalRegistry, { id: 'TicketList' });
export type TicketList = z.infer<typeof TicketList>;

/** `data` of GET api/ticket?id=: the ticket with its opening message (docs/product/tickets.md#api). */
export const Ticket = z
  .object({ ...TicketSummary.shape, Content: z.string(), Attachments: z.array(TicketAttachment) })
  .register(z.globalRegistry, { id: 'Ticket' });
export type Ticket = z.infer<typeof Ticket>;

export const TicketMessage = z
  .object({
    Id: int(),
    Author: z.enum(['customer', 'staff']),
    AuthorName: z.string().check(z.describe("The customer's name, or the staff member's display name.")),
    Content: z.string().check(z.describe('As written: plain text from the customer, Markdown from staff.')),
    ContentHtml: z
      .nullable(z.string())
      .check(
        z.describe(
          "A staff answer's Markdown as sanitised HTML (no scripts, styles, images or attributes beyond a link's); null for the customer's messages, which are only ever shown as plain text.",
        ),
      ),
    Attachments: z.array(TicketAttachment),
    CreatedAt: date(),
  })
  .register(z.globalRegistry, { id: 'TicketMessage' });
export type TicketMessage = z.infer<typeof TicketMessage>;

/** `data` of GET api/ticket/msgs: the conversation, oldest first, starting with the opening message. */
export const TicketMessages = z.array(TicketMessage).register(z.globalRegistry, { id: 'TicketMessages' });
export type TicketMessages = z.infer<typeof TicketMessages>;
