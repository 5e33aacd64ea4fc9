import type { StaffTicket, Ticket, TicketAttachment, TicketMessage, TicketSummary, TicketType } from '@nimbus/contract';
import type { Queryable } from '../../db/pool.js';
import { attachments, type AttachmentRow } from './attachments-repository.js';
import { messages, type MessageRow, type TicketRow, type TicketTypeRow } from './repository.js';

// Rows as the API answers them.

export const toTicketType = (r: TicketTypeRow): TicketType => ({ Id: r.id, Name: r.name, Description: r.description });

export const toAttachment = (a: AttachmentRow): TicketAttachment => ({
  Id: a.id,
  Name: a.name,
  Size: a.size,
  ContentType: a.content_type,
});

export const toSummary = (r: TicketRow): TicketSummary => ({
  Id: r.id,
  Title: r.title,
  Status: r.status,
  TypeId: r.type_id,
  TypeName: r.type_name,
  InstanceId: r.instance_id,
  Hostname: r.hostname,
  CreatedAt: r.created_at.toISOString(),
  UpdatedAt: r.updated_at.toISOString(),
  LastReplyBy: r.last_reply_by,
});

/** The customer and the assignee, which only staff see. */
export const staffFields = (r: TicketRow) => ({ UserId: r.user_id, Email: r.email, Assignee: r.assignee });

/** Messages with their attachments, in the order given. */
export async function toMessages(db: Queryable, rows: MessageRow[]): Promise<TicketMessage[]> {
  const files = await attachments.ofMessages(
    db,
    rows.map((m) => m.id),
  );
  return rows.map((m) => ({
    Id: m.id,
    Author: m.author,
    AuthorName: m.author_name,
    Content: m.content,
    Attachments: files.filter((a) => a.message_id === m.id).map(toAttachment),
    CreatedAt: m.created_at.toISOString(),
  }));
}

/** A ticket with its opening message's content and attachments. */
export async function toTicket(db: Queryable, row: TicketRow): Promise<Ticket> {
  const [opening] = await toMessages(db, await messages.list(db, row.id, 1));
  return { ...toSummary(row), Content: opening?.Content ?? '', Attachments: opening?.Attachments ?? [] };
}

export async function toStaffTicket(db: Queryable, row: TicketRow): Promise<StaffTicket> {
  return { ...(await toTicket(db, row)), ...staffFields(row) };
}
