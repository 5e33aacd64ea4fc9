-- Customers' SSH public keys, offered when they deploy a server. A key is stored once per customer:
-- its fingerprint (SHA-256 of the key blob, as OpenSSH shows it) ignores the comment.

create table ssh_keys (
  id          bigserial primary key,
  user_id     bigint not null references users(id) on delete cascade,
  name        text not null check (char_length(name) between 1 and 256),
  public_key  text not null check (char_length(public_key) between 1 and 1024),
  fingerprint text not null,
  created_at  timestamptz not null default now(),
  updated_at  timestamptz not null default now(),
  constraint ssh_keys_user_fingerprint_key unique (user_id, fingerprint)
);
