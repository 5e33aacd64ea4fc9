-- Support tickets: the operator's ticket types, tickets, their messages and attachments.

-- What a ticket is about (its "department/type", docs/product/tickets.md#ticket-types), made by
-- `npm run admin -- ticket-type:create`.
create table ticket_types (
  id           bigserial primary key,
  name         text not null,
  description  text not null default '',
  created_at   timestamptz not null default now()
);
create unique index ticket_types_name_key on ticket_types (lower(name));

-- updated_at moves with every message and status change (the list's order); last_reply_by is
-- the author of the newest message. assignee is the staff member who took the ticket.
create table tickets (
  id             bigserial primary key,
  user_id        bigint not null references users(id) on delete cascade,
  type_id        bigint not null references ticket_types(id),
  instance_id    bigint references instances(id),
  title          text not null,
  status         text not null default 'open' check (status in ('open', 'in_progress', 'answered', 'closed')),
  assignee       text,
  last_reply_by  text not null default 'customer' check (last_reply_by in ('customer', 'staff')),
  created_at     timestamptz not null default now(),
  updated_at     timestamptz not null default now()
);
create index tickets_user_idx on tickets (user_id, updated_at desc, id desc);
create index tickets_updated_idx on tickets (updated_at desc, id desc);

-- The conversation; the first message of a ticket is its opening content. author_name is kept
-- as it was when written (a renamed customer or staff member does not rewrite history).
create table ticket_messages (
  id           bigserial primary key,
  ticket_id    bigint not null references tickets(id) on delete cascade,
  author       text not null check (author in ('customer', 'staff')),
  author_name  text not null,
  content      text not null,
  created_at   timestamptz not null default now()
);
create index ticket_messages_ticket_idx on ticket_messages (ticket_id, id);

-- Uploaded before the message that names it (message_id null until then); an upload never linked
-- is removed after a day. The uploader is a customer (user_id) or a staff token (staff_token_id,
-- null for the admin CLI). storage_key names the bytes in the attachment store; content_type is
-- what the bytes are, name only what the uploader called the file.
create table ticket_attachments (
  id              bigserial primary key,
  message_id      bigint references ticket_messages(id) on delete cascade,
  uploaded_by     text not null check (uploaded_by in ('customer', 'staff')),
  user_id         bigint references users(id) on delete cascade,
  staff_token_id  bigint references staff_tokens(id),
  storage_key     text not null unique,
  name            text not null,
  size            int not null check (size > 0),
  content_type    text not null,
  created_at      timestamptz not null default now(),
  check ((uploaded_by = 'customer') = (user_id is not null))
);
create index ticket_attachments_message_idx on ticket_attachments (message_id);
create index ticket_attachments_unlinked_idx on ticket_attachments (created_at) where message_id is null;
create index ticket_attachments_user_unlinked_idx on ticket_attachments (user_id) where message_id is null;
