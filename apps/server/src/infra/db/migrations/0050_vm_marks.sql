-- A VMID is not proof that a VM is ours. Every VM Nimbus clones carries its
-- installation's identity and its instance's id (modules/compute/marks.ts); the identity is made
-- once, here, and never changes. It is not a secret: it only tells installations apart.
create table installation (
  id          boolean primary key default true check (id),
  identity    text not null check (identity ~ '^[0-9a-f]{16}$'),
  created_at  timestamptz not null default now()
);
insert into installation (identity) values (substr(md5(random()::text || clock_timestamp()::text), 1, 16));

-- Set by the reconcile pass when an instance's VM is gone from its cluster (or its VMID now holds a
-- VM that is not this instance's): the customer sees it as missing, renewals stop, the operator is told.
alter table instances add column vm_missing_since timestamptz;

-- VMs carrying this installation's marks that no instance owns, as the last reconcile pass saw them:
-- reported to the operator (npm run admin -- compute:findings), never deleted by Nimbus.
create table orphan_vms (
  cluster      text not null,
  vmid         int not null,
  node         text not null,
  -- The instance id its marks name (an instance destroyed, cancelled or moved to another VMID).
  instance_id  bigint,
  first_seen   timestamptz not null default now(),
  last_seen    timestamptz not null default now(),
  primary key (cluster, vmid)
);
