-- pm-memory on PostgreSQL, version 12, as SQLite migration 14: the agent that used the actor's key (an MCP
-- client's name and version, or an x-agent-id header), beside the actor. Null on the rows written before and
-- on the service's own events. Adding a nullable column without a default rewrites nothing.

ALTER TABLE audit_events ADD COLUMN agent text;
