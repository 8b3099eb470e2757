-- pm-memory on PostgreSQL, version 20, as SQLite migration 20: with the use factor on, a present recall reads the
-- memories that recalls returned (docs/rules.md "Use in the score") from an index of only those, not the profile.
CREATE INDEX memories_recalled ON memories (profile_id) WHERE recall_count > 0;
