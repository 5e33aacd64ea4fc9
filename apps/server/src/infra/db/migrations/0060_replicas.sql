-- The processes running on this database, each refreshing its row while it lives, so a
-- replica starting with attachments in a folder of its own (not shared with the others) can see the
-- others and refuse to start. `attachments` names where a replica keeps attachment bytes: 'files'
-- (DATA_DIR/attachments, `data_dir` the absolute DATA_DIR) or 's3:<endpoint>/<bucket>'.
create table replicas (
  id           uuid primary key,
  host         text not null,
  pid          int not null,
  data_dir     text not null,
  attachments  text not null,
  started_at   timestamptz not null default now(),
  seen_at      timestamptz not null default now()
);

-- A customer's attachment storage is summed per customer for the quota.
create index ticket_attachments_user_idx on ticket_attachments (user_id) where uploaded_by = 'customer';
