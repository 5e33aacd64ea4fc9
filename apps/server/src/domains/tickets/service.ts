import type {
  Locale,
  Ticket,
  TicketAddBody,
  TicketList,
  TicketMessage,
  TicketMessages,
  TicketReplyBody,
  TicketStatus,
  TicketTypeList,
} from '@nimbus/contract';
import { withTx, type Queryable, type Tx } from '../../infra/db/pool.js';
import type { Context } from '../../infra/lib/context.js';
import { AppError, badRequest } from '../../infra/lib/errors.js';
import { idempotent } from '../../infra/lib/idempotency.js';
import { Throttle, type Rule } from '../../infra/throttle/throttle.js';
import { instances } from '../instances/index.js';
import { users } from '../users/index.js';
import { closeTicket, notFound, postMessage, statusAfter, wrongStatus } from './conversation.js';
import { toMessages, toSummary, toTicket, toTicketType } from './present.js';
import { messages, tickets, ticketTypes } from './repository.js';

/** What one customer may write in an hour: new tickets and replies. */
export const TICKET_RULES = {
  ticketsPerHour: { limit: 20, windowSeconds: 3600, scope: 'account' },
  repliesPerHour: { limit: 60, windowSeconds: 3600, scope: 'account' },
} satisfies Record<string, Rule>;

/** The name a customer's messages carry: their name, else their email address. */
async function customerName(db: Queryable, userId: number): Promise<string> {
  const u = await users.byId(db, userId);
  return `${u?.first_name ?? ''} ${u?.last_name ?? ''}`.trim() || (u?.email ?? '');
}

async function ownTicket(db: Queryable, userId: number, id: number) {
  const row = await tickets.byId(db, id, userId);
  if (!row) throw notFound();
  return row;
}

export async function listTickets(
  db: Queryable,
  userId: number,
  q: { limit: number; page: number; status?: TicketStatus },
  locale: Locale,
): Promise<TicketList> {
  const { total, rows } = await tickets.list(db, { userId, status: q.status }, q);
  return { Total: total, Items: rows.map((r) => toSummary(r, locale)) };
}

export async function listTicketTypes(db: Queryable, limit: number, locale: Locale): Promise<TicketTypeList> {
  return (await ticketTypes.list(db, limit)).map((r) => toTicketType(r, locale));
}

export async function getTicket(db: Queryable, userId: number, id: number, locale: Locale): Promise<Ticket> {
  return toTicket(db, await ownTicket(db, userId, id), locale);
}

export async function ticketMessages(
  db: Queryable,
  userId: number,
  id: number,
  limit: number,
): Promise<TicketMessages> {
  await ownTicket(db, userId, id);
  return toMessages(db, await messages.list(db, id, limit));
}

async function ownInstance(tx: Tx, userId: number, id: number): Promise<void> {
  if (!(await instances.isOwnedBy(tx, id, userId))) throw new AppError('instance_not_exist', 404);
}

/** POST api/ticket/add: a ticket and its opening message, with the customer's uploads linked. */
export async function addTicket(
  ctx: Context,
  userId: number,
  body: TicketAddBody,
  key: string | undefined,
  locale: Locale,
): Promise<Ticket> {
  return withTx(ctx.db, (tx) =>
    idempotent(tx, { userId, route: 'ticket/add', key, body }, async () => {
      if (!(await ticketTypes.exists(tx, body.TypeId))) throw badRequest({ TypeId: 'invalid_value' });
      if (body.InstanceId) await ownInstance(tx, userId, body.InstanceId);
      // Counted in the transaction: a refused or repeated request costs nothing.
      await new Throttle(tx).enforce(`ticket:add:${userId}`, TICKET_RULES.ticketsPerHour);
      const ticketId = await tickets.insert(tx, {
        userId,
        typeId: body.TypeId,
        instanceId: body.InstanceId ?? null,
        title: body.Title.trim(),
      });
      await postMessage(tx, {
        ticketId,
        author: 'customer',
        authorName: await customerName(tx, userId),
        content: body.Content,
        attachmentIds: body.AttachmentIds ?? [],
        uploader: { kind: 'customer', userId },
      });
      return getTicket(tx, userId, ticketId, locale);
    }),
  );
}

/** POST api/ticket/reply: the customer's message; an answered ticket is open again. */
export async function replyTicket(
  ctx: Context,
  userId: number,
  body: TicketReplyBody,
  key: string | undefined,
): Promise<TicketMessage> {
  return withTx(ctx.db, (tx) =>
    idempotent(tx, { userId, route: 'ticket/reply', key, body }, async () => {
      const ticket = await tickets.lock(tx, body.Id, userId);
      if (!ticket) throw notFound();
      if (ticket.status === 'closed') throw wrongStatus(ticket.status);
      await new Throttle(tx).enforce(`ticket:reply:${userId}`, TICKET_RULES.repliesPerHour);
      const message = await postMessage(tx, {
        ticketId: body.Id,
        author: 'customer',
        authorName: await customerName(tx, userId),
        content: body.Content,
        attachmentIds: body.AttachmentIds ?? [],
        uploader: { kind: 'customer', userId },
      });
      await tickets.update(tx, body.Id, { status: statusAfter(ticket.status, 'customer'), lastReplyBy: 'customer' });
      return (await toMessages(tx, [message]))[0]!;
    }),
  );
}

export async function closeOwnTicket(ctx: Context, userId: number, id: number, locale: Locale): Promise<Ticket> {
  return withTx(ctx.db, async (tx) => {
    await closeTicket(tx, id, userId);
    return getTicket(tx, userId, id, locale);
  });
}
