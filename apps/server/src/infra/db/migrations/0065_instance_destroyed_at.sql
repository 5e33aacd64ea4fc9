-- A destroyed instance says when it ended. Instances destroyed before this migration
-- take their last update, which the destroy task wrote as it marked them destroyed.
alter table instances add column destroyed_at timestamptz;
update instances set destroyed_at = updated_at where status = 'destroyed';
