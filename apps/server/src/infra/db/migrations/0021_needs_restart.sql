-- An upgrade whose disk has grown counts as done even when the reboot that applies the
-- new cores and memory fails (a guest can ignore ACPI on purpose). The instance is then on its new
-- plan and waits for a restart, which the instance page offers; a start or restart clears it.
alter table instances add column needs_restart boolean not null default false;
