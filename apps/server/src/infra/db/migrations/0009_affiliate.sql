-- The affiliate programme: commission rates, referral-link clicks, referred purchases with their
-- commissions, and the commission moved into (or taken back from) a referrer's balance.

-- The rate the operator set (npm run admin -- affiliate:rate): a row with user_id null is the
-- programme's rate for everyone (else AFFILIATE_RATE applies); a row with a user_id is that
-- referrer's own rate. Basis points: 1000 = 10 %.
create table affiliate_rates (
  user_id     bigint references users(id) on delete cascade,
  rate_bps    int not null check (rate_bps between 0 and 10000),
  updated_at  timestamptz not null default now()
);
create unique index affiliate_rates_user_key on affiliate_rates ((coalesce(user_id, 0)));

-- One row per visitor, referrer and day: a second visit the same day is no second click. The
-- visitor is only a hash (of a first-party cookie id, itself derived from the address and agent).
create table affiliate_clicks (
  referrer_id   bigint not null references users(id) on delete cascade,
  day           date not null,
  visitor_hash  bytea not null,
  primary key (referrer_id, day, visitor_hash)
);

-- A referred customer's paid invoice (the purchase) and the referrer's commission on it.
-- pending until available_at (the hold), then available; reversed when the invoice is refunded.
create table affiliate_commissions (
  id              bigserial primary key,
  referrer_id     bigint not null references users(id),
  customer_id     bigint not null references users(id),
  invoice_id      bigint not null unique references invoices(id),
  invoice_amount  bigint not null check (invoice_amount > 0),
  rate_bps        int not null,
  amount          bigint not null check (amount >= 0),
  currency        char(3) not null,
  status          text not null check (status in ('pending', 'available', 'reversed')),
  created_at      timestamptz not null,
  available_at    timestamptz not null,
  reversed_at     timestamptz
);
create index affiliate_commissions_referrer_idx on affiliate_commissions (referrer_id, id desc);
create index affiliate_commissions_due_idx on affiliate_commissions (available_at) where status = 'pending';

-- Commission moved into the referrer's balance (positive, a withdrawal) or taken back from it
-- (negative, when an already available commission is reversed), each with its ledger entry.
create table affiliate_payouts (
  id          bigserial primary key,
  user_id     bigint not null references users(id),
  amount      bigint not null check (amount <> 0),
  currency    char(3) not null,
  created_at  timestamptz not null default now()
);
create index affiliate_payouts_user_idx on affiliate_payouts (user_id, id desc);
