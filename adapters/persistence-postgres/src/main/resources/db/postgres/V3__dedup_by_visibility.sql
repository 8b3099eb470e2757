-- pm-memory on PostgreSQL, version 3 (issue 9), as SQLite migration 3: dedup and conflict
-- candidates are the memories visible during the new message's lifetime, decided by time, not by
-- the stored status. Two memories with one dedup key may therefore both be stored 'active' (the
-- older one expired and not yet swept): the unique index on active keys goes. The profile's
-- advisory lock (PostgresMemoryStore), not an index, keeps concurrent repeats to one memory.

DROP INDEX memories_active_dedup;
CREATE INDEX memories_dedup ON memories (profile_id, type, normalized_content);
