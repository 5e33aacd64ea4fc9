-- A renewal mail is no longer sent inside the transaction that holds its notice (an SMTP
-- round trip would hold a pooled connection and a row lock). A pass claims the notice until
-- claimed_until and commits, sends, then marks it sent; a pass that dies in between leaves the claim
-- to run out, and a later pass sends it again.
alter table renewal_notices add column claimed_until timestamptz;
