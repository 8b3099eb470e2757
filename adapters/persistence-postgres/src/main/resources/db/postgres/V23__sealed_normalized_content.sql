-- pm-memory on PostgreSQL, version 23, as SQLite migration 23: with encryption on, normalized_content holds the
-- blind index the dedup lookup compares, and this column the sealed normalized text the rules read back
-- (docs/encryption.md). NULL without encryption.
ALTER TABLE memories ADD COLUMN normalized_sealed text;
