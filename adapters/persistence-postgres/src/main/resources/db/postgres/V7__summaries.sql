-- pm-memory on PostgreSQL, version 7: summaries (issue 9, compact), the same as SQLite migration 7.
-- A folded memory names the summary that folded it; a summary's members are found by index.

ALTER TABLE memories ADD COLUMN summarized_by text;
CREATE INDEX memories_summarized_by ON memories (profile_id, summarized_by) WHERE summarized_by IS NOT NULL;
