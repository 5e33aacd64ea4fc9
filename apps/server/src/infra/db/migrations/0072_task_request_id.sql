-- The id of the API request that started a task, so its worker's log lines can name it.
alter table tasks add column request_id text;
