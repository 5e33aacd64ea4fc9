-- Instance actions run as tasks, one at a time per instance.

-- At most one unfinished task per instance: a second action while one runs is refused (wrong_status),
-- and two replicas racing to start one cannot both win.
create unique index tasks_one_unfinished_key on tasks (instance_id) where status < 2;

alter table instances add column reverse_dns text;
