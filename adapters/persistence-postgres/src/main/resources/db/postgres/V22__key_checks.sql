-- pm-memory on PostgreSQL, version 22, as SQLite migration 22: the check value of every encryption key that was
-- primary at a start (docs/encryption.md). A later start whose keys include none of them stops: wrong key.
CREATE TABLE key_checks (
  key_id text PRIMARY KEY,
  check_value text NOT NULL,
  recorded_at bigint NOT NULL
);
