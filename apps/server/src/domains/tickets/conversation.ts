import { TICKET_LIMITS, type TicketStatus } from '@nimbus/contract';
import type { Queryable } from '../../infra/db/pool.js';
import { AppError, badRequest } from '../../infra/lib/errors.js';
import { attachments, type Uploader } from './attachments-repository.js';
import { messages, tickets, type Author, type MessageRow } from './repository.js';

// The rules of a conversation, the same for customers, staff and the admin CLI.

/** Another customer's ticket or attachment is "not found", like one that never existed. */
export const notFound = () => new AppError('db_no_record', 404);

/** A change the ticket's status does not allow (replying to or closing a closed ticket). */
export function wrongStatus(status: TicketStatus): AppError {
  const e = new AppError('wrong_status', 409);
  e.message = `The ticket is ${status.replace('_', ' ')}: it cannot do that now.`;
  return e;
}

/** Message text as kept: without leading blank lines or trailing white space. */
export const cleanContent = (text: string) => text.replace(/^(?:[ \t]*\r?\n)+/, '').trimEnd();

/**
 * The status after a message: a staff answer makes the ticket answered; a customer's reply puts an
 * answered ticket back to open (an in_progress one stays with its assignee).
 */
export function statusAfter(status: TicketStatus, author: Author): TicketStatus {
  if (author === 'staff') return 'answered';
  return status === 'answered' ? 'open' : status;
}

/**
 * Adds a message to a ticket whose row the transaction holds, and links the attachments named by
 * their ids: each must be the author's own upload, not yet on a message (else AttachmentIds
 * `invalid_value`). A conversation holds at most TICKET_LIMITS.messages messages.
 */
export async function postMessage(
  tx: Queryable,
  v: {
    ticketId: number;
    author: Author;
    authorName: string;
    content: string;
    attachmentIds: number[];
    uploader: Uploader | null;
  },
): Promise<MessageRow> {
  if ((await messages.count(tx, v.ticketId)) >= TICKET_LIMITS.messages) {
    const e = new AppError('invalid_option', 409);
    e.message = `A ticket holds at most ${TICKET_LIMITS.messages} messages: open a new one.`;
    throw e;
  }
  const message = await messages.insert(tx, { ...v, content: cleanContent(v.content) });
  const ids = [...new Set(v.attachmentIds)];
  if (ids.length) {
    const linked = v.uploader ? await attachments.link(tx, message.id, ids, v.uploader) : 0;
    if (linked !== ids.length) throw badRequest({ AttachmentIds: 'invalid_value' });
  }
  return message;
}

/** Closes a ticket (for a customer, only their own) in the caller's transaction; a closed ticket is wrong_status. */
export async function closeTicket(db: Queryable, id: number, userId?: number): Promise<void> {
  const ticket = await tickets.lock(db, id, userId);
  if (!ticket) throw notFound();
  if (ticket.status === 'closed') throw wrongStatus(ticket.status);
  await tickets.update(db, id, { status: 'closed' });
}
