-- pm-memory on PostgreSQL, version 8 (issue 10 part 4), as SQLite migration 8: structured facts,
-- one row per version, never rewritten but for closing (valid_until). Versions 7 and 8 belong to
-- other branches (versions are allocated across engineers). The value is canonical JSON text: the
-- service compares and shows it, it never queries inside it, so text rather than jsonb (jsonb
-- would reorder keys and respell numbers, and the store must give back what it was given).

CREATE TABLE facts (
  id           text COLLATE "C" PRIMARY KEY,
  profile_id   text COLLATE "C" NOT NULL,
  attribute    text COLLATE "C" NOT NULL,
  value        text NOT NULL,
  confidence   double precision NOT NULL CHECK (confidence >= 0 AND confidence <= 1),
  source       text NOT NULL,
  valid_from   timestamptz NOT NULL,
  valid_until  timestamptz CHECK (valid_until IS NULL OR valid_until >= valid_from),
  supersedes   text COLLATE "C",
  recorded_at  timestamptz NOT NULL,
  recorded_by  text NOT NULL
);
-- history and as_of reads of one attribute, and of the whole profile
CREATE INDEX facts_timeline ON facts (profile_id, attribute, valid_from);
-- the latest version is the one nothing supersedes
CREATE INDEX facts_supersedes ON facts (profile_id, supersedes);
-- at most one open (current) version per attribute: a safety net under the profile's write lock
CREATE UNIQUE INDEX facts_open ON facts (profile_id, attribute) WHERE valid_until IS NULL;
