-- Invoices and top-up receipts as documents. Each keeps, from the moment it is written,
-- who issued it (the provider's legal name, address and tax id), the tax rate it was issued under
-- and the customer's language (its printed form stays in that language); a payment also keeps the
-- customer's billing details (an invoice already has invoiced_to). A trigger stamps them at insert,
-- so no path that writes an invoice or a payment can forget them, whichever module it lives in.

-- The provider's current details, written from the configuration by every process at start.
create table billing_issuer (
  id           boolean primary key default true check (id),
  legal_name   text not null,
  address      text not null,
  tax_id       text not null,
  -- Tax included in prices, in hundredths of a percent (20 % = 2000).
  tax_rate_bp  int not null check (tax_rate_bp between 0 and 10000),
  updated_at   timestamptz not null default now()
);

-- Rows written before this migration: English, no tax, issuer unknown (the current one is shown).
alter table invoices
  add column locale text not null default 'en_US' check (locale in ('en_US', 'zh_CN')),
  add column tax_rate_bp int not null default 0 check (tax_rate_bp between 0 and 10000),
  add column issuer jsonb;
alter table invoices alter column locale drop default, alter column tax_rate_bp drop default;

alter table payments
  add column locale text not null default 'en_US' check (locale in ('en_US', 'zh_CN')),
  add column issuer jsonb,
  add column billed_to jsonb;
alter table payments alter column locale drop default;

create function billing_issuer_json() returns jsonb language sql stable as $$
  select jsonb_build_object('LegalName', legal_name, 'Address', address, 'TaxId', tax_id)
  from billing_issuer where id
$$;

create function stamp_invoice() returns trigger language plpgsql as $$
begin
  new.issuer := coalesce(new.issuer, billing_issuer_json());
  new.tax_rate_bp := coalesce(new.tax_rate_bp, (select tax_rate_bp from billing_issuer where id), 0);
  new.locale := coalesce(new.locale, (select locale from users where id = new.user_id), 'en_US');
  return new;
end $$;
create trigger invoices_stamp before insert on invoices for each row execute function stamp_invoice();

create function stamp_payment() returns trigger language plpgsql as $$
begin
  new.issuer := coalesce(new.issuer, billing_issuer_json());
  select coalesce(new.locale, u.locale),
         coalesce(new.billed_to, jsonb_build_object(
           'Email', u.email, 'FirstName', u.first_name, 'LastName', u.last_name, 'Company', u.company,
           'Address1', u.address1, 'Address2', u.address2, 'City', u.city, 'State', u.state,
           'Postcode', u.postcode, 'Country', u.country))
    into new.locale, new.billed_to
    from users u where u.id = new.user_id;
  return new;
end $$;
create trigger payments_stamp before insert on payments for each row execute function stamp_payment();
