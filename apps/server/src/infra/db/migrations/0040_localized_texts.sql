-- The operator's texts in both console languages. The columns that were there hold the
-- en_US version (so every existing text becomes the English one); the new *_zh columns hold the
-- zh_CN version. '' means "not written": readers then get the other language. A text needs at
-- least one language, so the English one may now be empty when only the Chinese one is written.

alter table regions add column name_zh text not null default '', add column description_zh text not null default '';
alter table product_groups add column name_zh text not null default '', add column description_zh text not null default '';
alter table products add column name_zh text not null default '', add column description_zh text not null default '';
alter table images add column name_zh text not null default '';

alter table ticket_types add column name_zh text not null default '', add column description_zh text not null default '';
-- A type written in one language only leaves the other name empty; names stay unique per language.
drop index ticket_types_name_key;
create unique index ticket_types_name_key on ticket_types (lower(name)) where name <> '';
create unique index ticket_types_name_zh_key on ticket_types (lower(name_zh)) where name_zh <> '';
alter table ticket_types add constraint ticket_types_named check (name <> '' or name_zh <> '');

alter table notices
  add column title_zh text not null default '',
  add column content_zh text not null default '',
  add column summary_zh text not null default '';
alter table notices drop constraint notices_title_check;
alter table notices add constraint notices_title_check
  check (char_length(title) <= 200 and char_length(title_zh) <= 200 and (title <> '' or title_zh <> ''));

-- The ticket types a first start made, still as made, get their Chinese version.
update ticket_types set name_zh = '技术支持', description_zh = '实例、网络或控制台方面的问题。'
  where name = 'Technical support' and description = 'Problems with an instance, its network or its console.';
update ticket_types set name_zh = '账单与付款', description_zh = '账单、付款、退款及账户余额。'
  where name = 'Billing' and description = 'Invoices, payments, refunds and your balance.';
update ticket_types set name_zh = '售前咨询', description_zh = '购买前的疑问、更高配置的套餐及定制需求。'
  where name = 'Sales' and description = 'Questions before you buy, larger plans and custom needs.';
