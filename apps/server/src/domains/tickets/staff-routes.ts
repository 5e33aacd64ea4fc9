import {
  StaffTicket,
  StaffTicketAssignBody,
  StaffTicketList,
  StaffTicketReplyBody,
  StaffTicketsQuery,
  TicketCloseBody,
  TicketIdQuery,
  TicketMessage,
  TicketMessages,
  TicketMsgsQuery,
  StaffTicketType,
  StaffTicketTypeList,
  TicketTypeAddBody,
  TicketTypesQuery,
} from '@nimbus/contract';
import type { FastifyRequest } from 'fastify';
import { idempotencyKeyOf, IdempotencyHeaders } from '../../infra/lib/idempotency.js';
import { replies, type Api } from '../../infra/lib/api.js';
import type { Context } from '../../infra/lib/context.js';
import { requireStaff, staffOf } from '../accounts/index.js';
import {
  createTicketType,
  staffTicketTypes,
  staffAssign,
  staffClose,
  staffGetTicket,
  staffListTickets,
  staffReply,
  staffTicketMessages,
} from './staff.js';
import { downloadSchema, installMultipart, receiveUpload, sendAttachment, uploadSchema } from './transfer.js';

const guard = { preHandler: requireStaff('tickets') };
const staff = (req: FastifyRequest) => ({ kind: 'staff' as const, tokenId: staffOf(req).tokenId });

const SCOPE = 'Needs an operator token with the `tickets` scope (else 403 `access_denied`).';
const UNKNOWN = 'An unknown ticket is 404 `db_no_record`.';
const CLOSED = 'A closed ticket is 409 `wrong_status`.';

/** The staff API's tickets: what a help desk reads and does for every customer. */
export async function staffTicketRoutes(app: Api, ctx: Context) {
  await installMultipart(app);
  app.get(
    '/staff/tickets',
    {
      ...guard,
      schema: {
        summary: 'List every customer’s tickets',
        description: `Most recently updated first; \`status\` and the customer’s \`email\` narrow it. ${SCOPE}`,
        querystring: StaffTicketsQuery,
        response: replies(StaffTicketList),
      },
    },
    async (req) => ({ data: await staffListTickets(ctx.db, req.query) }),
  );
  app.get(
    '/staff/ticket',
    {
      ...guard,
      schema: {
        summary: 'Get a ticket',
        description: `With its customer, assignee, opening message and attachments. ${UNKNOWN} ${SCOPE}`,
        querystring: TicketIdQuery,
        response: replies(StaffTicket),
      },
    },
    async (req) => ({ data: await staffGetTicket(ctx.db, req.query.id) }),
  );
  app.get(
    '/staff/ticket/msgs',
    {
      ...guard,
      schema: {
        summary: 'List a ticket’s messages',
        description: `The conversation, oldest first. ${UNKNOWN} ${SCOPE}`,
        querystring: TicketMsgsQuery,
        response: replies(TicketMessages),
      },
    },
    async (req) => ({ data: await staffTicketMessages(ctx.db, req.query.id, req.query.limit) }),
  );
  app.post(
    '/staff/ticket/reply',
    {
      ...guard,
      schema: {
        summary: 'Answer a ticket',
        description: `The ticket becomes answered and its customer is mailed, in their language, with a link to it. AuthorName defaults to the token’s name. AttachmentIds are this token’s uploads (POST api/staff/ticket/attachment). A retry with the same Idempotency-Key answers the first reply and sends no second mail. ${CLOSED} ${UNKNOWN} ${SCOPE}`,
        headers: IdempotencyHeaders,
        body: StaffTicketReplyBody,
        response: replies(TicketMessage),
      },
    },
    async (req) => {
      const { tokenId, name } = staffOf(req);
      const { message } = await staffReply(ctx, {
        id: req.body.Id,
        content: req.body.Content,
        authorName: req.body.AuthorName ?? name,
        attachmentIds: req.body.AttachmentIds,
        tokenId,
        key: idempotencyKeyOf(req),
      });
      return { data: message };
    },
  );
  app.post(
    '/staff/ticket/assign',
    {
      ...guard,
      schema: {
        summary: 'Take a ticket',
        description: `The ticket is in_progress, with Assignee as who took it. ${CLOSED} ${UNKNOWN} ${SCOPE}`,
        body: StaffTicketAssignBody,
        response: replies(StaffTicket),
      },
    },
    async (req) => ({ data: await staffAssign(ctx.db, req.body.Id, req.body.Assignee) }),
  );
  app.post(
    '/staff/ticket/close',
    {
      ...guard,
      schema: {
        summary: 'Close a ticket',
        description: `${CLOSED} ${UNKNOWN} ${SCOPE}`,
        body: TicketCloseBody,
        response: replies(StaffTicket),
      },
    },
    async (req) => ({ data: await staffClose(ctx.db, req.body.Id) }),
  );
  app.post(
    '/staff/ticket/attachment',
    {
      ...uploadSchema('Upload an attachment', `For a staff answer, named in its AttachmentIds. ${SCOPE}`),
      ...guard,
    },
    (req) => receiveUpload(ctx, req, staff(req)),
  );
  app.get(
    '/staff/ticket/attachment',
    {
      ...guard,
      schema: downloadSchema(
        'Download an attachment',
        `Any attachment of a ticket, or this token’s own upload. ${SCOPE}`,
        TicketIdQuery,
      ),
    },
    (req, reply) => sendAttachment(ctx, reply, staff(req), req.query.id),
  );
  app.get(
    '/staff/ticketTypes',
    {
      ...guard,
      schema: {
        summary: 'List ticket types',
        description: `Name and Description read in English (Chinese where only that was written); \`Texts\` holds every version. ${SCOPE}`,
        querystring: TicketTypesQuery,
        response: replies(StaffTicketTypeList),
      },
    },
    async (req) => ({ data: await staffTicketTypes(ctx.db, req.query.limit) }),
  );
  app.post(
    '/staff/ticket-type/add',
    {
      ...guard,
      schema: {
        summary: 'Add a ticket type',
        description: `Customers can choose it at once. Name and Description are plain text (English) or \`{"en_US": …, "zh_CN": …}\` with either or both; customers read their language, else the other. A name already used in its language (in any case) is \`fields.Name\` \`name_taken\`. ${SCOPE}`,
        body: TicketTypeAddBody,
        response: replies(StaffTicketType),
      },
    },
    async (req) => ({ data: await createTicketType(ctx.db, req.body.Name, req.body.Description) }),
  );
}
