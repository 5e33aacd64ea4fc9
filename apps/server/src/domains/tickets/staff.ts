import {
  ticketContentError,
  type StaffTicket,
  type StaffTicketList,
  type TicketMessage,
  type TicketMessages,
  type TicketStatus,
  toLocalText,
  type LocalText,
  type LocalTextInput,
  type StaffTicketType,
  type StaffTicketTypeList,
} from '@nimbus/contract';
import { withTx, type Db, type Queryable, type Tx } from '../../infra/db/pool.js';
import { idempotent } from '../../infra/lib/idempotency.js';
import type { Context } from '../../infra/lib/context.js';
import { badRequest } from '../../infra/lib/errors.js';
import { STAFF_LOCALE } from '../../infra/lib/locale.js';
import { users } from '../users/index.js';
import { closeTicket, notFound, postMessage, statusAfter, wrongStatus } from './conversation.js';
import { answerMail } from './mail.js';
import { staffFields, toMessages, toStaffTicket, toStaffTicketType, toSummary } from './present.js';
import { messages, tickets, ticketTypes } from './repository.js';

// What the provider's staff do with tickets, shared by the admin CLI and the staff HTTP API.

type StaffDeps = Pick<Context, 'db' | 'config' | 'mailer' | 'log'>;

async function ticketRow(db: Queryable, id: number) {
  const row = await tickets.byId(db, id);
  if (!row) throw notFound();
  return row;
}

/** Every customer's tickets, most recently updated first; `email` narrows to one customer. */
export async function staffListTickets(
  db: Queryable,
  q: { limit: number; page: number; status?: TicketStatus; email?: string },
): Promise<StaffTicketList> {
  let userId: number | undefined;
  if (q.email) {
    const user = await users.byEmail(db, q.email);
    if (!user) return { Total: 0, Items: [] };
    userId = user.id;
  }
  const { total, rows } = await tickets.list(db, { userId, status: q.status }, q);
  return { Total: total, Items: rows.map((r) => ({ ...toSummary(r, STAFF_LOCALE), ...staffFields(r) })) };
}

export async function staffGetTicket(db: Queryable, id: number): Promise<StaffTicket> {
  return toStaffTicket(db, await ticketRow(db, id));
}

export async function staffTicketMessages(db: Queryable, id: number, limit: number): Promise<TicketMessages> {
  await ticketRow(db, id);
  return toMessages(db, await messages.list(db, id, limit));
}

/**
 * A staff answer: the ticket becomes answered, and the customer is mailed in their language with a
 * link to it. The answer stands even if the mail cannot be sent (`mailed` false, logged).
 */
export async function staffReply(
  deps: StaffDeps,
  v: {
    id: number;
    content: string;
    authorName: string;
    attachmentIds?: number[];
    tokenId: number | null;
    /** The staff API's Idempotency-Key: a retry answers the first reply and mails nobody again. */
    key?: string;
  },
): Promise<{ message: TicketMessage; mailed: boolean }> {
  const problem = ticketContentError(v.content);
  if (problem) throw badRequest({ Content: problem });
  let repeated = false;
  const message = await withTx(deps.db, async (tx) => {
    if (v.tokenId !== null && v.key !== undefined) {
      let first = false;
      const answer = await idempotent(
        tx,
        { staffTokenId: v.tokenId, route: 'staff/ticket/reply', key: v.key, body: { ...v, key: undefined } },
        async () => {
          first = true;
          return answerTicket(tx, v);
        },
      );
      repeated = !first;
      return answer;
    }
    return answerTicket(tx, v);
  });
  return { message, mailed: repeated ? false : await mailAnswer(deps, v.id, message) };
}

async function answerTicket(
  tx: Tx,
  v: { id: number; content: string; authorName: string; attachmentIds?: number[]; tokenId: number | null },
): Promise<TicketMessage> {
  const ticket = await tickets.lock(tx, v.id);
  if (!ticket) throw notFound();
  if (ticket.status === 'closed') throw wrongStatus(ticket.status);
  const row = await postMessage(tx, {
    ticketId: v.id,
    author: 'staff',
    authorName: v.authorName,
    content: v.content,
    attachmentIds: v.attachmentIds ?? [],
    uploader: v.tokenId === null ? null : { kind: 'staff', tokenId: v.tokenId },
  });
  await tickets.update(tx, v.id, { status: statusAfter(ticket.status, 'staff'), lastReplyBy: 'staff' });
  return (await toMessages(tx, [row]))[0]!;
}

async function mailAnswer(deps: StaffDeps, ticketId: number, message: TicketMessage): Promise<boolean> {
  try {
    const ticket = await ticketRow(deps.db, ticketId);
    const user = await users.byId(deps.db, ticket.user_id);
    if (!user) return false;
    await deps.mailer.send(
      answerMail(deps.config.BRAND_NAME, deps.config.PUBLIC_URL, {
        locale: user.locale === 'zh_CN' ? 'zh_CN' : 'en_US',
        email: user.email,
        ticketId,
        title: ticket.title,
        authorName: message.AuthorName,
        content: message.Content,
      }),
    );
    return true;
  } catch (err) {
    deps.log.warn({ err, ticketId }, 'the mail about a staff answer could not be sent');
    return false;
  }
}

/** Someone takes the ticket: in_progress, with their name. */
export async function staffAssign(db: Db, id: number, assignee: string): Promise<StaffTicket> {
  return withTx(db, async (tx) => {
    const ticket = await tickets.lock(tx, id);
    if (!ticket) throw notFound();
    if (ticket.status === 'closed') throw wrongStatus(ticket.status);
    await tickets.update(tx, id, { status: 'in_progress', assignee: assignee.trim() });
    return staffGetTicket(tx, id);
  });
}

/** Closes any customer's ticket; a closed one is wrong_status. */
export async function staffClose(db: Db, id: number): Promise<StaffTicket> {
  return withTx(db, async (tx) => {
    await closeTicket(tx, id);
    return staffGetTicket(tx, id);
  });
}

/**
 * A new ticket type, in one language or both; a name already used in its language (in any case) is
 * `fields.Name` `name_taken`.
 */
export async function createTicketType(
  db: Queryable,
  name: LocalTextInput,
  description: LocalTextInput | undefined,
): Promise<StaffTicketType> {
  const trimmed = (t: LocalText) => ({ en_US: t.en_US.trim(), zh_CN: t.zh_CN.trim() });
  const row = await ticketTypes.insert(db, trimmed(toLocalText(name)), trimmed(toLocalText(description)));
  if (!row) throw badRequest({ Name: 'name_taken' });
  return toStaffTicketType(row, STAFF_LOCALE);
}

/** Every ticket type with each version of its texts, for staff. */
export async function staffTicketTypes(db: Queryable, limit: number): Promise<StaffTicketTypeList> {
  return (await ticketTypes.list(db, limit)).map((r) => toStaffTicketType(r, STAFF_LOCALE));
}
