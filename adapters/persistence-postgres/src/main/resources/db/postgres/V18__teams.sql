-- pm-memory on PostgreSQL, version 18, as SQLite migration 18: teams. A team is its members; its memories
-- are stored as any owner's, under the owner id '~team:' || team_id (a profile id never holds '~').
-- team_authors names the members behind each team memory: who recorded a team decision (with the team's
-- raw message holding their words), or whose own memory counted toward the consensus that proposed it.
CREATE TABLE team_members (
  team_id     text COLLATE "C" NOT NULL,
  profile_id  text COLLATE "C" NOT NULL,
  joined_at   bigint NOT NULL,
  PRIMARY KEY (team_id, profile_id)
);
CREATE INDEX team_members_profile ON team_members (profile_id);

CREATE TABLE team_authors (
  team_id             text COLLATE "C" NOT NULL,
  memory_id           text COLLATE "C" NOT NULL,
  profile_id          text COLLATE "C" NOT NULL,
  personal_memory_id  text COLLATE "C",
  raw_message_id      text COLLATE "C",
  PRIMARY KEY (team_id, memory_id, profile_id)
);
CREATE INDEX team_authors_profile ON team_authors (profile_id);
