-- Renewals. An invoice some days before the due date, auto-renew, suspension at the due date
-- and destruction after a grace period.

-- Set while the instance is suspended for an unpaid renewal: every customer action is refused.
alter table instances add column suspended_at timestamptz;
-- A power change renewals still owe the VM (stop on suspension, start when it ends), sent as a task
-- once no other task runs on the instance.
alter table instances add column renewal_power text check (renewal_power in ('stop', 'start'));
create index instances_renewal_power_idx on instances (id) where renewal_power is not null;
create index instances_due_idx on instances (due_at) where status not in ('destroyed', 'cancelled');

-- One renewal invoice per instance and period, whatever becomes of it: two passes (or two replicas)
-- cannot bill a period twice, and one the operator cancelled is not billed again.
create unique index invoices_renewal_period_key on invoices (instance_id, period_start) where kind = 'renewal';

-- Each renewal step's mail, written in the transaction of the step (so a step is mailed exactly when
-- it happened, once per invoice and kind) and sent afterwards.
create table renewal_notices (
  id           bigserial primary key,
  invoice_id   bigint not null references invoices(id),
  kind         text not null check (kind in ('invoice', 'autopay_failed', 'renewed', 'resumed', 'suspended', 'destroyed')),
  created_at   timestamptz not null default now(),
  sent_at      timestamptz,
  unique (invoice_id, kind)
);
create index renewal_notices_unsent_idx on renewal_notices (id) where sent_at is null;
