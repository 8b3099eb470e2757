-- pm-memory on PostgreSQL, version 6 (issue 10), as SQLite migration 6: who made a change (an API
-- key's name, 'local', or 'system' for the write path) and the changed fields before and after it,
-- as small JSON texts. Rows written before this version have no actor and read as 'system'.

ALTER TABLE audit_events ADD COLUMN actor text;
ALTER TABLE audit_events ADD COLUMN before_state text;
ALTER TABLE audit_events ADD COLUMN after_state text;
-- raw messages newest first, per outcome (GET messages?outcome=unclassified)
CREATE INDEX raw_messages_outcome ON raw_messages (profile_id, outcome, received_at);
