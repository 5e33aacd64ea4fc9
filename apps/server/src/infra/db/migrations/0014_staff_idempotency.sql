-- Idempotency-Key for the staff API: as idempotency_keys, per operator token instead of customer.
create table staff_idempotency_keys (
  staff_token_id  bigint not null references staff_tokens(id) on delete cascade,
  route           text not null,
  key             text not null,
  request_hash    bytea not null,
  response        jsonb not null,
  created_at      timestamptz not null default now(),
  primary key (staff_token_id, route, key)
);
