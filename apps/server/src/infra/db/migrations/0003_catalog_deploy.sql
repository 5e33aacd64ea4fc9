-- The catalogue, promotions, instances with their addresses, invoices, tasks and idempotency keys.

create table images (
  id            serial primary key,
  code          text not null unique,
  name          text not null,
  distribution  text not null,
  sort          int not null default 0
);

create table regions (
  id            serial primary key,
  code          text not null unique,
  name          text not null,
  description   text not null default '',
  country_code  text not null,
  sort          int not null default 0
);

create table product_groups (
  id            serial primary key,
  region_id     int not null references regions(id) on delete cascade,
  code          text not null,
  name          text not null,
  description   text not null default '',
  sort          int not null default 0,
  unique (region_id, code)
);

create table products (
  id              serial primary key,
  group_id        int not null references product_groups(id),
  code            text not null,
  name            text not null,
  description     text not null default '',
  -- Products flagged with an Ord value are hidden (docs/product/deploy.md).
  ord             int,
  sort            int not null default 0,
  cores           int not null check (cores > 0),
  memory_mb       int not null check (memory_mb > 0),
  disk_gb         int not null check (disk_gb > 0),
  bandwidth_gb    int not null default 0 check (bandwidth_gb >= 0),
  backup_quota    int not null default 0 check (backup_quota >= 0),
  snapshot_quota  int not null default 0 check (snapshot_quota >= 0),
  -- Instances left to sell; null is unlimited.
  stock           int check (stock >= 0),
  -- Minor units per cycle key (monthly, quarterly, semi_annually, annually, biennially).
  prices          jsonb not null,
  unique (group_id, code)
);

create table product_images (
  product_id  int not null references products(id) on delete cascade,
  image_id    int not null references images(id),
  primary key (product_id, image_id)
);

create table promotions (
  id                 serial primary key,
  code               text not null,
  kind               text not null check (kind in ('percent', 'fixed')),
  -- percent: 1–100; fixed: minor units of currency.
  value              bigint not null check (value > 0),
  currency           char(3),
  starts_at          timestamptz,
  ends_at            timestamptz,
  max_uses           int check (max_uses > 0),
  max_uses_per_user  int check (max_uses_per_user > 0),
  product_ids        int[],
  cycles             text[],
  disabled_at        timestamptz,
  created_at         timestamptz not null default now(),
  check (kind <> 'percent' or value <= 100),
  check (kind <> 'fixed' or currency is not null)
);
create unique index promotions_code_key on promotions (lower(code));

create table instances (
  id            bigserial primary key,
  user_id       bigint not null references users(id),
  product_id    int not null references products(id),
  image_id      int not null references images(id),
  region_id     int not null references regions(id),
  -- "<region>/<cluster>" of COMPUTE_CONFIG.
  cluster       text not null,
  node          text,
  vmid          int,
  hostname      text not null,
  username      text not null,
  status        text not null check (status in
                  ('pending', 'creating', 'available', 'recreating', 'paused', 'destroyed', 'cancelled', 'open')),
  cycle         text not null,
  -- The renewal price per cycle, minor units of currency.
  price         bigint not null check (price >= 0),
  currency      char(3) not null,
  auto_renew    boolean not null default false,
  due_at        timestamptz not null,
  ip_address    inet,
  gateway       inet,
  prefix        int,
  mac           text,
  created_at    timestamptz not null default now(),
  updated_at    timestamptz not null default now(),
  unique (cluster, vmid)
);
create index instances_user_idx on instances (user_id, id desc);

-- One row per address handed out; the primary key keeps two replicas from giving one address twice.
create table ip_allocations (
  cluster      text not null,
  address      inet not null,
  instance_id  bigint not null references instances(id),
  created_at   timestamptz not null default now(),
  primary key (cluster, address)
);
create unique index ip_allocations_instance_key on ip_allocations (instance_id);

-- The next VMID Nimbus tries on a cluster (it still asks Proxmox whether it is free).
create table vmid_counters (
  cluster  text primary key,
  next     int not null
);

create table promotion_uses (
  id            bigserial primary key,
  promotion_id  int not null references promotions(id),
  user_id       bigint not null references users(id),
  instance_id   bigint not null references instances(id),
  -- pending until the deploy succeeds; a failed deploy deletes its row.
  status        text not null check (status in ('pending', 'used')),
  created_at    timestamptz not null default now()
);
create index promotion_uses_promo_idx on promotion_uses (promotion_id, user_id);

create table invoices (
  id            bigserial primary key,
  user_id       bigint not null references users(id),
  instance_id   bigint references instances(id),
  kind          text not null check (kind in ('deploy', 'renewal', 'upgrade')),
  status        text not null check (status in ('unpaid', 'paid', 'cancelled')),
  amount        bigint not null check (amount >= 0),
  currency      char(3) not null,
  cycle         text,
  -- The customer's profile when the invoice was made ("invoiced-to", docs/product/billing.md).
  invoiced_to   jsonb not null,
  created_at    timestamptz not null default now(),
  invoice_date  timestamptz not null default now(),
  due_date      timestamptz not null,
  paid_at       timestamptz,
  period_start  timestamptz,
  period_end    timestamptz
);
create index invoices_user_idx on invoices (user_id, id desc);

create table invoice_items (
  id           bigserial primary key,
  invoice_id   bigint not null references invoices(id) on delete cascade,
  description  text not null,
  amount       bigint not null
);
create index invoice_items_invoice_idx on invoice_items (invoice_id);

-- A long-running operation on an instance, driven by a durable job; state holds its checkpoints.
create table tasks (
  id           bigserial primary key,
  instance_id  bigint not null references instances(id),
  user_id      bigint not null references users(id),
  kind         text not null,
  status       smallint not null default 0 check (status between 0 and 5),
  step         smallint not null default 0 check (step between 0 and 5),
  state        jsonb not null default '{}',
  error        text,
  created_at   timestamptz not null default now(),
  updated_at   timestamptz not null default now(),
  finished_at  timestamptz
);
create index tasks_instance_idx on tasks (instance_id, id desc);
create index tasks_open_idx on tasks (updated_at) where status in (0, 1);

-- A mutation's answer, kept so that a retried request with the same key gets it again.
create table idempotency_keys (
  user_id       bigint not null references users(id) on delete cascade,
  route         text not null,
  key           text not null,
  request_hash  bytea not null,
  response      jsonb not null,
  created_at    timestamptz not null default now(),
  primary key (user_id, route, key)
);
create index idempotency_keys_created_idx on idempotency_keys (created_at);
