-- pm-memory on PostgreSQL, version 17, as SQLite migration 17: a past recall reads the memories visible
-- then and seen again since (valid_from <= as_of < last_seen_at) from an index that holds only memories
-- seen again after they became visible, with both columns in its key (JdbcMemories.findChangedSince).
CREATE INDEX memories_seen_again ON memories (profile_id, last_seen_at, valid_from) WHERE last_seen_at > valid_from;
