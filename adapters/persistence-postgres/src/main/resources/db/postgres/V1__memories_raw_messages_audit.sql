-- pm-memory on PostgreSQL, version 1: the same tables and semantics as the SQLite store
-- (adapters/persistence-sqlite SqliteSchema, migration 1). A later version adds a file; a file
-- that has shipped is never edited (Flyway checks its checksum).
--
-- Differences from SQLite, and why:
--  * times are timestamptz (microseconds; the store writes millisecond instants, as SQLite keeps);
--    expires_at is NULL for permanent memories, and the recall window reads
--    (expires_at IS NULL OR expires_at > t), which the planner serves from memories_recall with
--    two index conditions.
--  * list values are text[]; entity keys and keywords are looked up through GIN indexes on the
--    arrays (&&, @>) instead of lookup tables. The GIN indexes are not per profile: the planner
--    ANDs them with a profile index, which is right for a team's few thousand memories a profile.
--  * ids and keys are COLLATE "C": ordering by id (tie-breaks, cursors) is by code point, as in
--    Java and SQLite, whatever the database's default collation.
--  * writes of one profile are serialised by pg_advisory_xact_lock (PostgresMemoryStore), so the
--    unique indexes below are a safety net, not the mechanism.

CREATE TABLE raw_messages (
  id             text COLLATE "C" PRIMARY KEY,
  profile_id     text COLLATE "C" NOT NULL,
  message_id     text COLLATE "C",
  session_id     text,
  source         text NOT NULL,
  content        text NOT NULL,
  created_at     timestamptz NOT NULL,
  received_at    timestamptz NOT NULL,
  outcome        text NOT NULL,
  memory_id      text COLLATE "C",
  superseded_ids text[] NOT NULL,
  redactions     text[] NOT NULL
);
-- a message id is an idempotency key per profile (NULLs are distinct: messages without one)
CREATE UNIQUE INDEX raw_messages_idempotency ON raw_messages (profile_id, message_id);
CREATE INDEX raw_messages_profile ON raw_messages (profile_id, received_at);

CREATE TABLE memories (
  id                     text COLLATE "C" PRIMARY KEY,
  profile_id             text COLLATE "C" NOT NULL,
  type                   text NOT NULL,
  content                text NOT NULL,
  normalized_content     text NOT NULL,
  entities               text[] NOT NULL,
  -- EntityKey.of(entity) for each entity: what conflicts, recall and list filters match on
  entity_keys            text[] NOT NULL,
  keywords               text[] NOT NULL,
  weight                 integer NOT NULL CHECK (weight >= 1),
  -- min(weight, ContextRanker.WEIGHT_SATURATION), beside the weight so that an index serves
  -- "most recent per type and bucket"
  weight_bucket          integer NOT NULL,
  status                 text NOT NULL,
  source                 text NOT NULL,
  session_id             text,
  created_at             timestamptz NOT NULL,
  last_seen_at           timestamptz NOT NULL,
  expires_at             timestamptz,
  valid_from             timestamptz,
  valid_until            timestamptz,
  superseded_by          text COLLATE "C",
  superseded_entity_keys text[] NOT NULL,
  source_message_ids     text[] NOT NULL
);
-- at most one active memory per dedup key, whatever races the application loses
CREATE UNIQUE INDEX memories_active_dedup
  ON memories (profile_id, type, normalized_content) WHERE status = 'active';
-- recall reads only what may be visible at as_of, not the profile's whole history
CREATE INDEX memories_recall ON memories (profile_id, expires_at);
-- the most recent of each (type, weight bucket): recall's candidates that share no term
CREATE INDEX memories_recency ON memories (profile_id, type, weight_bucket, last_seen_at DESC, id);
-- list pages, newest first, cursor (created_at, id)
CREATE INDEX memories_newest ON memories (profile_id, created_at, id);
CREATE INDEX memories_superseded_by ON memories (profile_id, superseded_by);
-- entity -> memories (conflicts, recall "about", list filter); keyword -> memories (recall)
CREATE INDEX memories_entity_keys ON memories USING gin (entity_keys);
CREATE INDEX memories_keywords ON memories USING gin (keywords);

CREATE TABLE audit_events (
  -- insertion order: the order events of one memory are read back in
  seq            bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  id             text COLLATE "C" NOT NULL UNIQUE,
  profile_id     text COLLATE "C" NOT NULL,
  memory_id      text COLLATE "C",
  raw_message_id text COLLATE "C",
  kind           text NOT NULL,
  detail         text NOT NULL,
  at             timestamptz NOT NULL
);
CREATE INDEX audit_events_memory ON audit_events (profile_id, memory_id, seq);
CREATE INDEX audit_events_profile ON audit_events (profile_id, seq);
