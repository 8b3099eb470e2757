-- pm-memory on PostgreSQL, version 27, as SQLite migration 27: a team's pending memory (owner '~team:…') is a
-- consensus proposal (docs/rules.md "Teams") and says so now, pending_reason 'team_proposal', as proposals made from
-- this version on do.
UPDATE memories SET pending_reason = 'team_proposal'
 WHERE status = 'pending' AND pending_reason IS NULL
   AND profile_id LIKE '~team:%';
