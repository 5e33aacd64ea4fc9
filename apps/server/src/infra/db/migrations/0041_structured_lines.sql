-- Ledger notes and invoice lines as data ({"key": "deploy", "args": {…}}), rendered in the
-- reader's language. `note` and `description` keep the English text: older rows have only that,
-- and an operator's free-text note stays as typed.

alter table ledger add column note_data jsonb;
alter table invoice_items add column line jsonb;
