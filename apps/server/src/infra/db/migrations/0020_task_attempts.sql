-- A task that cannot run is not retried for ever. Each run that a worker starts and that
-- does not end in a graceful stop counts; past TASK_MAX_ATTEMPTS the task is failed and what it
-- took (a deploy's charge, address and VMID) is given back.
alter table tasks add column attempts smallint not null default 0;
