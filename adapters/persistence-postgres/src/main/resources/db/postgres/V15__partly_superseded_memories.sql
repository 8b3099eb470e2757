-- pm-memory on PostgreSQL, version 15, as SQLite migration 15: a past recall takes the partly superseded
-- memories back to its instant (JdbcMemories.findChangedSince); they are found without a scan.
CREATE INDEX memories_partly ON memories (profile_id) WHERE superseded_entity_keys <> '';
