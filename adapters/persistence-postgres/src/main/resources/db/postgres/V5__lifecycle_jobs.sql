-- pm-memory on PostgreSQL, version 5: lifecycle jobs (issue 9), the same indexes as SQLite
-- migration 5 (versions 3 and 4 belong to other features). The sweep finds active memories past
-- their expiry without reading every profile's history; the purge removes a memory's raw
-- messages by memory id.

CREATE INDEX memories_active_expiry ON memories (expires_at, profile_id) WHERE status = 'active';
CREATE INDEX raw_messages_memory ON raw_messages (profile_id, memory_id);

-- one row per scheduled run of a job: the primary key lets exactly one instance claim a period
CREATE TABLE job_runs (
  job          text NOT NULL,
  period_start timestamptz NOT NULL,
  PRIMARY KEY (job, period_start)
);
