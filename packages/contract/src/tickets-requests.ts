import * as z from 'zod/mini';
import { CONTROL_CHARS, CONTROL_CHARS_BUT_LINES } from './control-chars.js';
import { bodyId, queryId, queryInt } from './query.js';
import { TICKET_LIMITS, TICKET_STATUSES } from './tickets.js';

// Request schemas of the support API; the web takes their types and the same checks (ticketContent).

/** GET api/tickets: `limit` as the dashboard sends it, plus the status filter and paging of /tickets. */
export const TicketsQuery = z.object({
  limit: z._default(queryInt(1, TICKET_LIMITS.pageMax), 20),
  page: z._default(queryInt(1, 1_000_000), 1),
  status: z.optional(z.enum(TICKET_STATUSES, { error: 'invalid_value' })),
});
export type TicketsQuery = z.input<typeof TicketsQuery>;

/** GET api/ticketTypes?limit=. */
export const TicketTypesQuery = z.object({
  limit: z._default(queryInt(1, TICKET_LIMITS.pageMax), TICKET_LIMITS.pageMax),
});

/** GET api/ticket?id= and GET api/ticket/attachment?id=. */
export const TicketIdQuery = z.object({ id: queryId() });

/** GET api/ticket/msgs?limit=&id= (the detail page asks for 999). */
export const TicketMsgsQuery = z.object({
  id: queryId(),
  limit: z._default(queryInt(1, TICKET_LIMITS.messages), TICKET_LIMITS.messages),
});

/**
 * The message checks (docs/product/tickets.md#rules-ticket_limits-packagescontractsrcticketsts):
 * blank text is `ticket_content_empty`, beyond TICKET_LIMITS.contentMax characters
 * `ticket_content_too_large`. The web runs the same function before sending.
 */
export function ticketContentError(content: string): 'ticket_content_empty' | 'ticket_content_too_large' | undefined {
  if (content.trim() === '') return 'ticket_content_empty';
  if (content.length > TICKET_LIMITS.contentMax) return 'ticket_content_too_large';
  return undefined;
}

const Content = z.string({ error: 'ticket_content_empty' }).check(
  z.refine((s) => s.trim() !== '', { error: 'ticket_content_empty' }),
  z.refine((s) => !CONTROL_CHARS_BUT_LINES.test(s), { error: 'invalid_value' }),
  z.maxLength(TICKET_LIMITS.contentMax, { error: 'ticket_content_too_large' }),
);
const AttachmentIds = z._default(
  z
    .array(bodyId(), { error: 'invalid_value' })
    .check(z.maxLength(TICKET_LIMITS.attachmentsPerMessage, { error: 'too_many_attachments' })),
  [],
);

/**
 * POST api/ticket/add (header Idempotency-Key). Attachments are uploaded first by
 * POST api/ticket/attachment (multipart, field `file`) and named here by their ids.
 */
export const TicketAddBody = z.object({
  Title: z.string({ error: 'required' }).check(
    z.refine((s) => s.trim() !== '', { error: 'required' }),
    z.maxLength(TICKET_LIMITS.titleMax, { error: 'incorrect_length' }),
    z.refine((s) => !CONTROL_CHARS.test(s), { error: 'invalid_value' }),
  ),
  TypeId: bodyId(),
  Content,
  InstanceId: z.optional(z.nullable(bodyId())),
  AttachmentIds,
});
export type TicketAddBody = z.input<typeof TicketAddBody>;

/** POST api/ticket/reply: a customer's reply; it reopens an answered ticket. */
export const TicketReplyBody = z.object({ Id: bodyId(), Content, AttachmentIds });
export type TicketReplyBody = z.input<typeof TicketReplyBody>;

/** POST api/ticket/close. */
export const TicketCloseBody = z.object({ Id: bodyId() });
export type TicketCloseBody = z.infer<typeof TicketCloseBody>;
