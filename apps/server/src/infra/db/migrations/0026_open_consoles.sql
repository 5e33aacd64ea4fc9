-- The console sockets open now, whichever replica serves them, so the caps per customer
-- and per instance hold at any replica count. A row is refreshed by its replica's re-check (every
-- CONSOLE_RECHECK_SECONDS) and deleted when the socket closes; one a crashed replica left behind
-- stops counting once it is no longer refreshed.
create table open_consoles (
  id          bigserial primary key,
  user_id     bigint not null references users(id) on delete cascade,
  instance_id bigint not null references instances(id) on delete cascade,
  seen_at     timestamptz not null default now()
);

create index open_consoles_user_id on open_consoles (user_id);
