-- Operator tokens for the staff HTTP API (/api/staff/…), made by `npm run admin -- staff-token:create`.
-- Only the token's SHA-256 is kept; the token itself is shown once, when it is made.
create table staff_tokens (
  id            bigserial primary key,
  name          text not null,
  token_hash    bytea not null unique,
  scopes        text[] not null check (scopes <@ array['tickets', 'notices', 'users']::text[] and cardinality(scopes) > 0),
  created_at    timestamptz not null default now(),
  last_used_at  timestamptz,
  revoked_at    timestamptz
);
