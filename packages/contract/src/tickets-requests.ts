import * as z from 'zod/mini';
import { queryInt } from './query.js';
import { TICKET_LIMITS, TICKET_STATUSES } from './tickets.js';

// Request schemas of the support API; the web takes their types and the same checks (ticketContent).

const id = () =>
  z
    .number({ error: 'invalid_value' })
    .check(
      z.int({ error: 'invalid_value' }),
      z.positive({ error: 'invalid_value' }),
      z.maximum(2 ** 53 - 1, { error: 'invalid_value' }),
    );

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
export const TicketIdQuery = z.object({ id: queryInt(1, Number.MAX_SAFE_INTEGER) });

/** GET api/ticket/msgs?limit=&id= (the detail page asks for 999). */
export const TicketMsgsQuery = z.object({
  id: queryInt(1, Number.MAX_SAFE_INTEGER),
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

/** C0 and C1 control characters: never in a title; in a message only tab, line feed and return. */
// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u001f\u007f-\u009f]/;
// eslint-disable-next-line no-control-regex
const CONTROL_BUT_LINES = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f]/;

const Content = z.string({ error: 'ticket_content_empty' }).check(
  z.refine((s) => s.trim() !== '', { error: 'ticket_content_empty' }),
  z.refine((s) => !CONTROL_BUT_LINES.test(s), { error: 'invalid_value' }),
  z.maxLength(TICKET_LIMITS.contentMax, { error: 'ticket_content_too_large' }),
);
const AttachmentIds = z._default(
  z
    .array(id(), { error: 'invalid_value' })
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
    z.refine((s) => !CONTROL.test(s), { error: 'invalid_value' }),
  ),
  TypeId: id(),
  Content,
  InstanceId: z.optional(z.nullable(id())),
  AttachmentIds,
});
export type TicketAddBody = z.input<typeof TicketAddBody>;

/** POST api/ticket/reply: a customer's reply; it reopens an answered ticket. */
export const TicketReplyBody = z.object({ Id: id(), Content, AttachmentIds });
export type TicketReplyBody = z.input<typeof TicketReplyBody>;

/** POST api/ticket/close. */
export const TicketCloseBody = z.object({ Id: id() });
export type TicketCloseBody = z.infer<typeof TicketCloseBody>;
