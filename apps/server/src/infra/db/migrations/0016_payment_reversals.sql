-- Refunds and chargebacks. The gateway can take back money it had paid us (a refund made
-- in its dashboard, a dispute opened by the card holder); the ledger takes it back from the
-- balance, also below zero: a negative balance is a debt, which refuses every charge (deploys,
-- renewals, invoices) until top-ups have paid it.
alter table users drop constraint users_balance_check;
alter table ledger drop constraint ledger_balance_after_check;

-- The gateway's id of the completed charge (Stripe: the PaymentIntent), which refund and dispute
-- events name; what was refunded so far; the state of a dispute, whose events apply once each.
alter table payments
  add column charge_ref text,
  add column refunded bigint not null default 0,
  add column dispute_status text check (dispute_status in ('open', 'won', 'lost'));
create unique index payments_charge_ref_idx on payments (method, charge_ref) where charge_ref is not null;
