-- Gateway payments (top-ups and invoices paid through a gateway), invoices the operator
-- writes by hand, and secrets the replicas share (the sandbox gateway's signing key).

alter table invoices drop constraint invoices_kind_check;
alter table invoices add constraint invoices_kind_check check (kind in ('deploy', 'renewal', 'upgrade', 'manual'));
create index invoices_user_status_idx on invoices (user_id, status, id desc);

create table payments (
  id            bigserial primary key,
  user_id       bigint not null references users(id),
  method        text not null check (method in ('sandbox', 'stripe')),
  purpose       text not null check (purpose in ('topup', 'invoice')),
  invoice_id    bigint references invoices(id),
  amount        bigint not null check (amount > 0),
  currency      char(3) not null,
  status        text not null default 'pending'
                check (status in ('pending', 'succeeded', 'failed', 'cancelled', 'expired')),
  -- Where the customer completes the payment, and the gateway's own id for it (Stripe's session).
  url           text,
  gateway_ref   text,
  created_at    timestamptz not null default now(),
  completed_at  timestamptz,
  check ((purpose = 'invoice') = (invoice_id is not null))
);
create index payments_user_idx on payments (user_id, id desc);
create index payments_status_idx on payments (status, id desc);
create unique index payments_gateway_ref_key on payments (method, gateway_ref) where gateway_ref is not null;

create table app_secrets (
  name        text primary key,
  value       bytea not null,
  created_at  timestamptz not null default now()
);
