-- When the customer last saved a language and theme to the account (null: never). Only saved
-- preferences follow the customer to other devices; a new account's defaults do not.
alter table users add column preferences_saved_at timestamptz;
