-- The return from a third-party sign-in carries a one-time code, never a session id. The
-- page trades it (POST api/oauth/session) for the session, once, within a minute, from the browser
-- that made the trip (the SHA-256 of its trip cookie). Only the code's SHA-256 is kept.
create table oauth_login_codes (
  code_hash    bytea primary key,
  browser_hash bytea not null,
  user_id      bigint not null references users(id) on delete cascade,
  expires_at   timestamptz not null
);
create index oauth_login_codes_expires_idx on oauth_login_codes (expires_at);
