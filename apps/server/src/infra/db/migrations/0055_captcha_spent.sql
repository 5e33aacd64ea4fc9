-- A solved proof-of-work challenge (need_recaptcha) is good for one request. Its signature
-- is kept here until the challenge expires (the purge job deletes it then), so a replay is refused.
create table captcha_spent (
  signature  text primary key,
  expires_at timestamptz not null
);
create index captcha_spent_expires_idx on captcha_spent (expires_at);
