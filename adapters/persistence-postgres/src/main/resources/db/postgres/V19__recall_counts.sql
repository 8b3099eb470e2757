-- pm-memory on PostgreSQL, version 19, as SQLite migration 19: how often a present context recall returned
-- each memory and when last (docs/rules.md "Recall counts"), written in batches by the recall counter and by
-- no memory write. last_recalled_at in epoch milliseconds like every time of V13, NULL while never recalled.
ALTER TABLE memories ADD COLUMN recall_count bigint NOT NULL DEFAULT 0;
ALTER TABLE memories ADD COLUMN last_recalled_at bigint;
-- Why a derived preference was proposed (docs/rules.md "Derived preferences"): the rule, its rationale, and
-- the ids of its evidence memories joined by U+001F like every list of V13 ('' for none).
ALTER TABLE memories ADD COLUMN derived_rule text;
ALTER TABLE memories ADD COLUMN derived_rationale text;
ALTER TABLE memories ADD COLUMN evidence text NOT NULL DEFAULT '';
