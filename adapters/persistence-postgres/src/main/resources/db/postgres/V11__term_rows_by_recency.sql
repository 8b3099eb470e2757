-- pm-memory on PostgreSQL, version 11 (issue 11 part 4, a common term at 100k), as SQLite migration 13: the
-- term rows of one (type, term count) in recency order, so recall reads only the sharers of a common term
-- recent enough to beat a score it knows (SharerRanking.cutoffsSharingOneTerm) instead of all of them; and
-- the rows of one memory by term, so whether a memory has a given term is answered from the index alone.
DROP INDEX memory_terms_lookup;
CREATE INDEX memory_terms_lookup ON memory_terms (profile_id, term, partly, type, term_count, last_seen_at DESC)
  INCLUDE (memory_id, weight, expires_at, valid_from, valid_until);
DROP INDEX memory_terms_memory;
CREATE INDEX memory_terms_memory ON memory_terms (memory_id, term);
