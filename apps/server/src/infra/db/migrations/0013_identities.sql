-- Third-party logins (GitHub, OpenID Connect): the identities bound to accounts, and the
-- short-lived state of a sign-in or binding in flight at a provider.

-- An account made through a provider has no password until its owner sets one.
alter table users alter column password_hash drop not null;

-- One identity binds to one account; an account binds at most one identity per provider.
create table identities (
  id          bigserial primary key,
  user_id     bigint not null references users(id) on delete cascade,
  provider    text not null,
  subject     text not null,
  email       text not null default '',
  created_at  timestamptz not null default now(),
  unique (provider, subject),
  unique (user_id, provider)
);

-- A trip to a provider: found again by the SHA-256 of its state, in the browser that started it
-- (the SHA-256 of an HttpOnly cookie's value), once, within its ten minutes.
create table oauth_states (
  state_hash     bytea primary key,
  browser_hash   bytea not null,
  provider       text not null,
  purpose        text not null check (purpose in ('login', 'bind')),
  user_id        bigint references users(id) on delete cascade,
  code_verifier  text not null,
  nonce          text not null,
  redirect       text not null default '',
  aff_code       text not null default '',
  terms_accepted boolean not null default false,
  expires_at     timestamptz not null,
  check (purpose = 'login' or user_id is not null),
  check (purpose = 'bind' or terms_accepted)
);
create index oauth_states_expires_idx on oauth_states (expires_at);
