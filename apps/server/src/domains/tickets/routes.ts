import {
  Ticket,
  TicketAddBody,
  TicketCloseBody,
  TicketIdQuery,
  TicketList,
  TicketMessage,
  TicketMessages,
  TicketMsgsQuery,
  TicketReplyBody,
  TicketsQuery,
  TicketTypeList,
  TicketTypesQuery,
} from '@nimbus/contract';
import type { FastifyRequest } from 'fastify';
import { replies, type Api } from '../../infra/lib/api.js';
import type { Context } from '../../infra/lib/context.js';
import { localeOf } from '../../infra/lib/locale.js';
import { idempotencyKeyOf, IdempotencyHeaders } from '../../infra/lib/idempotency.js';
import { authOf } from '../../infra/http/session.js';
import {
  addTicket,
  closeOwnTicket,
  getTicket,
  listTickets,
  listTicketTypes,
  replyTicket,
  ticketMessages,
  TICKET_RULES,
} from './service.js';
import { downloadSchema, installMultipart, receiveUpload, sendAttachment, uploadSchema } from './transfer.js';

const customer = (req: FastifyRequest) => ({ kind: 'customer' as const, userId: authOf(req).userId });

const NOT_FOUND = 'Another customer’s ticket is 404 `db_no_record`, like one that never existed.';
const CONTENT =
  '`fields.Content`: `ticket_content_empty` or `ticket_content_too_large`; `fields.AttachmentIds`: `too_many_attachments`, or `invalid_value` when an id is not the caller’s own upload waiting for a message.';

/** The signed-in customer's support tickets (docs/product/tickets.md#api). */
export async function ticketRoutes(app: Api, ctx: Context) {
  await installMultipart(app);
  app.get(
    '/tickets',
    {
      schema: {
        summary: 'List tickets',
        description: 'One page of the caller’s tickets, most recently updated first, optionally of one status.',
        querystring: TicketsQuery,
        response: replies(TicketList),
      },
    },
    async (req) => ({ data: await listTickets(ctx.db, authOf(req).userId, req.query, localeOf(req)) }),
  );
  app.get(
    '/ticketTypes',
    {
      schema: {
        summary: 'List ticket types',
        description: 'What a ticket can be about, as the operator set them up.',
        querystring: TicketTypesQuery,
        response: replies(TicketTypeList),
      },
    },
    async (req) => ({ data: await listTicketTypes(ctx.db, req.query.limit, localeOf(req)) }),
  );
  app.get(
    '/ticket',
    {
      schema: {
        summary: 'Get a ticket',
        description: `With its opening message and attachments. ${NOT_FOUND}`,
        querystring: TicketIdQuery,
        response: replies(Ticket),
      },
    },
    async (req) => ({ data: await getTicket(ctx.db, authOf(req).userId, req.query.id, localeOf(req)) }),
  );
  app.get(
    '/ticket/msgs',
    {
      schema: {
        summary: 'List a ticket’s messages',
        description: `The conversation, oldest first, starting with the opening message; at most \`limit\`. ${NOT_FOUND}`,
        querystring: TicketMsgsQuery,
        response: replies(TicketMessages),
      },
    },
    async (req) => ({ data: await ticketMessages(ctx.db, authOf(req).userId, req.query.id, req.query.limit) }),
  );
  app.post(
    '/ticket/add',
    {
      schema: {
        summary: 'Open a ticket',
        description: `Opens a ticket (status open). \`fields.TypeId\` \`invalid_value\`: no such type; an InstanceId that is not the caller’s is 404 \`instance_not_exist\`. ${CONTENT} At most ${TICKET_RULES.ticketsPerHour.limit} tickets an hour (429 \`rate_limit_exceeded\`). Send an Idempotency-Key to retry safely.`,
        headers: IdempotencyHeaders,
        body: TicketAddBody,
        response: replies(Ticket),
      },
    },
    async (req) => ({ data: await addTicket(ctx, authOf(req).userId, req.body, idempotencyKeyOf(req), localeOf(req)) }),
  );
  app.post(
    '/ticket/reply',
    {
      schema: {
        summary: 'Reply to a ticket',
        description: `Adds the caller’s message; an answered ticket is open again. A closed ticket is 409 \`wrong_status\`. ${NOT_FOUND} ${CONTENT} At most ${TICKET_RULES.repliesPerHour.limit} replies an hour.`,
        headers: IdempotencyHeaders,
        body: TicketReplyBody,
        response: replies(TicketMessage),
      },
    },
    async (req) => ({ data: await replyTicket(ctx, authOf(req).userId, req.body, idempotencyKeyOf(req)) }),
  );
  app.post(
    '/ticket/close',
    {
      schema: {
        summary: 'Close a ticket',
        description: `A closed ticket takes no more replies; closing it again is 409 \`wrong_status\`. ${NOT_FOUND}`,
        body: TicketCloseBody,
        response: replies(Ticket),
      },
    },
    async (req) => ({ data: await closeOwnTicket(ctx, authOf(req).userId, req.body.Id, localeOf(req)) }),
  );
  app.post(
    '/ticket/attachment',
    uploadSchema(
      'Upload an attachment',
      'Kept until a ticket or reply names it in `AttachmentIds` (removed after 24 hours otherwise).',
    ),
    (req) => receiveUpload(ctx, req, customer(req)),
  );
  app.get(
    '/ticket/attachment',
    {
      schema: downloadSchema(
        'Download an attachment',
        'An attachment of one of the caller’s tickets, or the caller’s own upload; anything else is 404 `db_no_record`.',
        TicketIdQuery,
      ),
    },
    (req, reply) => sendAttachment(ctx, reply, customer(req), req.query.id),
  );
}
