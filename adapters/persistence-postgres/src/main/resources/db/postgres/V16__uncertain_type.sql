-- pm-memory on PostgreSQL, version 16, as SQLite migration 16: a memory held because the classifiers were
-- unsure of its sign (docs/rules.md, "Holding an uncertain sign") says why it waits (pending_reason 'uncertain_type') and which types it may
-- be instead (alternatives: wire names, comma-separated, best first; '' for none).
ALTER TABLE memories ADD COLUMN pending_reason TEXT;
ALTER TABLE memories ADD COLUMN alternatives TEXT NOT NULL DEFAULT '';
