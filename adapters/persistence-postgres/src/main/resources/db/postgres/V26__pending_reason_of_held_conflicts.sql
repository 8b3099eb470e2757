-- pm-memory on PostgreSQL, version 26, as SQLite migration 26: a memory held pending before pending reasons
-- existed (V16) has none. The only personal memory the write path then held without one is a decision
-- (project_advance / project_negative) that a more confident opposite decision on a shared entity held
-- (docs/rules.md §4): it now says so, pending_reason 'conflict'. A team's pending memory (owner '~team:…') is a
-- consensus proposal and keeps none.
UPDATE memories SET pending_reason = 'conflict'
 WHERE status = 'pending' AND pending_reason IS NULL
   AND type IN ('project_advance', 'project_negative')
   AND profile_id NOT LIKE '~team:%';
