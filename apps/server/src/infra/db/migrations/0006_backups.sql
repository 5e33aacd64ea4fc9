-- An instance's backups (vzdump archives). Proxmox's volume id stays here: customers
-- address a backup by its id, never by where it lives.
create table backups (
  id           bigserial primary key,
  instance_id  bigint not null references instances(id),
  user_id      bigint not null references users(id),
  name         text not null,
  description  text not null default '',
  -- Set once vzdump has made the archive.
  volid        text,
  size         bigint,
  status       text not null default 'creating'
               check (status in ('creating', 'ready', 'restoring', 'deleting', 'failed')),
  created_at   timestamptz not null default now(),
  updated_at   timestamptz not null default now()
);
create index backups_instance_idx on backups (instance_id, created_at desc, id desc);
