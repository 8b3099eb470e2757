-- pm-memory on PostgreSQL, version 13: the memories and raw messages in the same shape as the SQLite store,
-- so that one body of SQL serves both (adapters/persistence-jdbc): times as epoch milliseconds (bigint), no
-- expiry as 9223372036854775807 (one index range, expires_at > t, serves every recall, with no IS NULL
-- branch), list values joined by U+001F (a control character validated input never holds), and the entity
-- keys in a lookup table beside the term rows of V10 instead of GIN indexes on arrays.
-- A large table takes a while to rewrite: this script may run longer than the statement timeout.
SET LOCAL statement_timeout = '30min';

CREATE TABLE memory_entities (
  memory_id   text COLLATE "C" NOT NULL REFERENCES memories (id) ON DELETE CASCADE,
  profile_id  text COLLATE "C" NOT NULL,
  entity_key  text COLLATE "C" NOT NULL,
  PRIMARY KEY (memory_id, entity_key)
);
INSERT INTO memory_entities (memory_id, profile_id, entity_key)
SELECT DISTINCT m.id, m.profile_id, k.key FROM memories m CROSS JOIN LATERAL unnest(m.entity_keys) AS k(key);
CREATE INDEX memory_entities_lookup ON memory_entities (profile_id, entity_key);

-- the memory's distinct keywords: the rows of memory_terms, beside it for recall's Jaccard from counts
ALTER TABLE memories ADD COLUMN term_count integer;
UPDATE memories SET term_count = (SELECT count(DISTINCT k) FROM unnest(keywords) AS k);
ALTER TABLE memories ALTER COLUMN term_count SET NOT NULL;

DROP INDEX memories_entity_keys;
DROP INDEX memories_keywords;
ALTER TABLE memories DROP COLUMN entity_keys;
ALTER TABLE memories
  ALTER COLUMN entities TYPE text USING array_to_string(entities, E'\x1f'),
  ALTER COLUMN keywords TYPE text USING array_to_string(keywords, E'\x1f'),
  ALTER COLUMN superseded_entity_keys TYPE text USING array_to_string(superseded_entity_keys, E'\x1f'),
  ALTER COLUMN source_message_ids TYPE text USING array_to_string(source_message_ids, E'\x1f'),
  ALTER COLUMN created_at TYPE bigint USING round(extract(epoch FROM created_at) * 1000),
  ALTER COLUMN last_seen_at TYPE bigint USING round(extract(epoch FROM last_seen_at) * 1000),
  ALTER COLUMN expires_at TYPE bigint
    USING COALESCE(round(extract(epoch FROM expires_at) * 1000), 9223372036854775807),
  ALTER COLUMN valid_from TYPE bigint USING round(extract(epoch FROM valid_from) * 1000),
  ALTER COLUMN valid_until TYPE bigint USING round(extract(epoch FROM valid_until) * 1000);
ALTER TABLE memories ALTER COLUMN expires_at SET NOT NULL;

-- the most recent of each (type, weight bucket), read as ranking columns from the index alone
DROP INDEX memories_recency;
CREATE INDEX memories_recency ON memories (profile_id, type, weight_bucket, last_seen_at DESC, id)
  INCLUDE (weight, expires_at, valid_from, valid_until);

ALTER TABLE raw_messages
  ALTER COLUMN created_at TYPE bigint USING round(extract(epoch FROM created_at) * 1000),
  ALTER COLUMN received_at TYPE bigint USING round(extract(epoch FROM received_at) * 1000),
  ALTER COLUMN superseded_ids TYPE text USING array_to_string(superseded_ids, E'\x1f'),
  ALTER COLUMN redactions TYPE text USING array_to_string(redactions, E'\x1f');
