import {
  pickText,
  type Locale,
  type StaffTicket,
  type StaffTicketType,
  type Ticket,
  type TicketAttachment,
  type TicketMessage,
  type TicketSummary,
  type TicketType,
} from '@nimbus/contract';
import type { Queryable } from '../../infra/db/pool.js';
import { STAFF_LOCALE } from '../../infra/lib/locale.js';
import { attachments, type AttachmentRow } from './attachments-repository.js';
import { messages, type MessageRow, type TicketRow, type TicketTypeRow } from './repository.js';
import { staffAnswerHtml } from './markdown.js';

// Rows as the API answers them.

const nameOf = (r: TicketTypeRow) => ({ en_US: r.name, zh_CN: r.name_zh });
const descriptionOf = (r: TicketTypeRow) => ({ en_US: r.description, zh_CN: r.description_zh });

/** A ticket type in the reader's language, else the other one. */
export const toTicketType = (r: TicketTypeRow, locale: Locale): TicketType => ({
  Id: r.id,
  Name: pickText(nameOf(r), locale),
  Description: pickText(descriptionOf(r), locale),
});

/** A ticket type as staff edit it: as read in their language, and every version as written. */
export const toStaffTicketType = (r: TicketTypeRow, locale: Locale): StaffTicketType => ({
  ...toTicketType(r, locale),
  Texts: { Name: nameOf(r), Description: descriptionOf(r) },
});

export const toAttachment = (a: AttachmentRow): TicketAttachment => ({
  Id: a.id,
  Name: a.name,
  Size: a.size,
  ContentType: a.content_type,
});

export const toSummary = (r: TicketRow, locale: Locale): TicketSummary => ({
  Id: r.id,
  Title: r.title,
  Status: r.status,
  TypeId: r.type_id,
  TypeName: pickText({ en_US: r.type_name, zh_CN: r.type_name_zh }, locale),
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
    ContentHtml: m.author === 'staff' ? staffAnswerHtml(m.content) : null,
    Attachments: files.filter((a) => a.message_id === m.id).map(toAttachment),
    CreatedAt: m.created_at.toISOString(),
  }));
}

/** A ticket with its opening message's content and attachments. */
export async function toTicket(db: Queryable, row: TicketRow, locale: Locale): Promise<Ticket> {
  const [opening] = await toMessages(db, await messages.list(db, row.id, 1));
  return { ...toSummary(row, locale), Content: opening?.Content ?? '', Attachments: opening?.Attachments ?? [] };
}

export async function toStaffTicket(db: Queryable, row: TicketRow): Promise<StaffTicket> {
  return { ...(await toTicket(db, row, STAFF_LOCALE)), ...staffFields(row) };
}
