-- pm-memory on PostgreSQL, version 9 (issue 12 item 3), as SQLite migration 9: the deployment-wide
-- entity registry. A deleted entity stays as a tombstone (deleted_at) so that seeding from the
-- shipped dictionary never brings it back; entity_names holds the name keys of the live entities
-- only, its primary key letting one name belong to one entity. Keys are compared byte-wise
-- (COLLATE "C"), the order SQLite's BINARY collation gives.

CREATE TABLE registered_entities (
  entity_key  text COLLATE "C" PRIMARY KEY,
  name        text NOT NULL,
  -- the aliases in the order given, joined by U+001F (a control character no name may hold)
  aliases     text NOT NULL,
  kind        text NOT NULL,
  updated_at  timestamptz NOT NULL,
  deleted_at  timestamptz
);

CREATE TABLE entity_names (
  name_key    text COLLATE "C" PRIMARY KEY,
  entity_key  text COLLATE "C" NOT NULL REFERENCES registered_entities (entity_key)
);
CREATE INDEX entity_names_entity ON entity_names (entity_key);
