-- A console belongs to the sign-in session that asked for it, so it closes when that
-- session ends (sign-out, password reset). The session's id hash, as sessions.id_hash stores it.
alter table console_tokens add column session_hash bytea;
