-- Notices: the provider's announcements, published by `npm run admin -- notice:create`
-- or the staff API, read per customer. A withdrawn notice is hidden from customers but kept.
create table notices (
  id              bigserial primary key,
  title           text not null check (char_length(title) between 1 and 200),
  -- Sanitised HTML, and its plain-text excerpt for lists, both made when the notice is written.
  content         text not null,
  summary         text not null,
  pinned          boolean not null default false,
  published_at    timestamptz not null default now(),
  withdrawn_at    timestamptz,
  -- Who published it: an operator token, or the admin CLI when null.
  staff_token_id  bigint references staff_tokens(id),
  -- The staff API's Idempotency-Key and a hash of the request it came with.
  idempotency_key text,
  request_hash    bytea,
  unique (staff_token_id, idempotency_key)
);
create index notices_live_idx on notices (pinned desc, published_at desc, id desc) where withdrawn_at is null;

create table notice_reads (
  user_id    bigint not null references users(id) on delete cascade,
  notice_id  bigint not null references notices(id) on delete cascade,
  read_at    timestamptz not null default now(),
  primary key (user_id, notice_id)
);
create index notice_reads_notice_idx on notice_reads (notice_id);
