-- Accounts, sessions, verification codes, the money ledger, the mail outbox and throttle counters.

create table users (
  id            bigserial primary key,
  email         text not null,
  password_hash text not null,
  first_name    text not null default '',
  last_name     text not null default '',
  company       text not null default '',
  address1      text not null default '',
  address2      text not null default '',
  city          text not null default '',
  state         text not null default '',
  postcode      text not null default '',
  country       text not null default '',
  locale        text not null default 'en_US' check (locale in ('en_US', 'zh_CN')),
  theme         text not null default 'system' check (theme in ('light', 'dark', 'system')),
  balance       bigint not null default 0 check (balance >= 0),
  currency      char(3) not null,
  aff_code      text not null unique,
  referred_by   bigint references users(id),
  created_at    timestamptz not null default now(),
  updated_at    timestamptz not null default now()
);
create unique index users_email_key on users (lower(email));

create table sessions (
  id_hash     bytea primary key,
  user_id     bigint not null references users(id) on delete cascade,
  created_at  timestamptz not null default now(),
  expire_at   timestamptz not null,
  ip          text not null default '',
  user_agent  text not null default ''
);
create index sessions_user_idx on sessions (user_id);
create index sessions_expire_idx on sessions (expire_at);

-- One live code per (purpose, email); a new request replaces it.
create table email_codes (
  purpose     text not null check (purpose in ('register', 'reset', 'email_change')),
  email       text not null,
  user_id     bigint references users(id) on delete cascade,
  code_hash   bytea not null,
  attempts    int not null default 0,
  created_at  timestamptz not null default now(),
  expires_at  timestamptz not null,
  primary key (purpose, email)
);

-- Append-only: the balance changes only with a row here, in the same transaction.
create table ledger (
  id            bigserial primary key,
  user_id       bigint not null references users(id),
  kind          text not null check (kind in ('topup', 'charge', 'refund', 'commission', 'adjustment')),
  amount        bigint not null,
  balance_after bigint not null check (balance_after >= 0),
  currency      char(3) not null,
  note          text not null default '',
  created_at    timestamptz not null default now()
);
create index ledger_user_idx on ledger (user_id, id desc);
create rule ledger_no_update as on update to ledger do instead nothing;
create rule ledger_no_delete as on delete to ledger do instead nothing;

create table mail_outbox (
  id          bigserial primary key,
  recipient   text not null,
  subject     text not null,
  body        text not null,
  created_at  timestamptz not null default now()
);

-- Counters shared by every replica; a key's window opens at its first hit.
create table throttle (
  key          text primary key,
  window_start timestamptz not null,
  hits         int not null default 0
);
create index throttle_window_idx on throttle (window_start);
