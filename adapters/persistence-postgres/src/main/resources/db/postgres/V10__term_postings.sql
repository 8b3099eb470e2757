-- pm-memory on PostgreSQL, version 10 (issue 11 part 4, flat latency), as SQLite migrations 10-11: one
-- row per distinct keyword of a memory carrying the memory's ranking columns and recall window, so recall
-- scores every memory sharing a query term from one index range (no per-row array counting, no heap
-- fetch of the memory) and hands over the few best. Times are epoch milliseconds, as the domain computes
-- recency; no expiry is 9223372036854775807. PostgresMemories rewrites a memory's rows on every update.

CREATE TABLE memory_terms (
  memory_id    text COLLATE "C" NOT NULL REFERENCES memories (id) ON DELETE CASCADE,
  profile_id   text COLLATE "C" NOT NULL,
  term         text COLLATE "C" NOT NULL,
  -- the memory gave up entities: its counts do not give its score, so recall reads it whole
  partly       boolean NOT NULL,
  type         text NOT NULL,
  weight       integer NOT NULL,
  last_seen_at bigint NOT NULL,
  -- distinct keywords of the memory
  term_count   integer NOT NULL,
  expires_at   bigint NOT NULL,
  valid_from   bigint,
  valid_until  bigint
);
CREATE INDEX memory_terms_lookup ON memory_terms (profile_id, term, partly, type)
  INCLUDE (memory_id, weight, last_seen_at, term_count, expires_at, valid_from, valid_until);
CREATE INDEX memory_terms_memory ON memory_terms (memory_id);

INSERT INTO memory_terms (memory_id, profile_id, term, partly, type, weight, last_seen_at, term_count, expires_at,
                          valid_from, valid_until)
SELECT m.id, m.profile_id, k.term, cardinality(m.superseded_entity_keys) > 0, m.type, m.weight,
       (EXTRACT(EPOCH FROM m.last_seen_at) * 1000)::bigint,
       (SELECT count(DISTINCT x) FROM unnest(m.keywords) x),
       COALESCE((EXTRACT(EPOCH FROM m.expires_at) * 1000)::bigint, 9223372036854775807),
       (EXTRACT(EPOCH FROM m.valid_from) * 1000)::bigint,
       (EXTRACT(EPOCH FROM m.valid_until) * 1000)::bigint
FROM memories m CROSS JOIN LATERAL (SELECT DISTINCT unnest(m.keywords) AS term) k;

-- semantic recall at 10k: a stamp per vector row, new (random) at every write, beside the memory id in an
-- index, so recall reads the vectors only of rows its in-process cache has not seen; 0 for earlier rows
ALTER TABLE memory_vectors ADD COLUMN stamp bigint NOT NULL DEFAULT 0;
CREATE INDEX memory_vectors_stamp ON memory_vectors (memory_id, model) INCLUDE (stamp);

-- changed (to a random value) by every write transaction of a profile (PostgresMemoryStore.write), by any instance: an
-- instance keeps what semantic recall read of a profile while its version is unchanged
CREATE TABLE profile_versions (
  profile_id text COLLATE "C" PRIMARY KEY,
  version    bigint NOT NULL
);
