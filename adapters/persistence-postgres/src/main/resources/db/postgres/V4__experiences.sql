-- pm-memory on PostgreSQL, version 4: experiences (issue 9), the same table as SQLite migration 4.
-- Version 3 belongs to another branch (versions are allocated across engineers).
-- Lessons of finished recommendation rounds, written once, never updated. Keywords are text[]
-- with a GIN index, as memories.keywords: recall reads the experiences sharing a query term.

CREATE TABLE experiences (
  id          text COLLATE "C" PRIMARY KEY,
  profile_id  text COLLATE "C" NOT NULL,
  task        text NOT NULL,
  outcome     text NOT NULL,
  lesson      text NOT NULL,
  importance  double precision NOT NULL CHECK (importance >= 0 AND importance <= 1),
  keywords    text[] NOT NULL,
  created_at  timestamptz NOT NULL
);
-- list pages, newest first; the as_of bound of recall
CREATE INDEX experiences_newest ON experiences (profile_id, created_at, id);
CREATE INDEX experiences_keywords ON experiences USING gin (keywords);
