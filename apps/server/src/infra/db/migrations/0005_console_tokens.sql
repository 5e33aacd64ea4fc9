-- Console tokens. The browser opens the console WebSocket with one of these (it cannot
-- send the ssid header there). Stored hashed, so the table is no list of live credentials; in the
-- database, so the replica that upgrades the socket need not be the one that issued the token.

create table console_tokens (
  token_hash  bytea primary key,
  user_id     bigint not null references users(id) on delete cascade,
  instance_id bigint not null references instances(id) on delete cascade,
  kind        text not null check (kind in ('vnc', 'xterm')),
  expires_at  timestamptz not null,
  created_at  timestamptz not null default now()
);

create index console_tokens_expires_at on console_tokens (expires_at);
