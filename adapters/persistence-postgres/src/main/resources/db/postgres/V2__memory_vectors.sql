-- pm-memory on PostgreSQL, version 2: semantic recall (issue 5), the same table as SQLite
-- migration 2. One embedding per memory, of one model; recall reads only the vectors of its
-- model, so vectors of an earlier model are never compared with a new one. The vector is bytea
-- holding little-endian float32 values, the encoding of the SQLite store (no extension needed).

CREATE TABLE memory_vectors (
  memory_id  text COLLATE "C" PRIMARY KEY REFERENCES memories(id) ON DELETE CASCADE,
  profile_id text COLLATE "C" NOT NULL,
  model      text NOT NULL,
  vector     bytea NOT NULL
);
