package dev.pmmemory.adapters.sqlite;

import dev.pmmemory.adapters.jdbc.Codec;

import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.List;

/**
 * Versioned schema migrations, applied in order at start-up, each in its own transaction.
 * A later version appends a migration; it never edits one that has shipped.
 *
 * <p>Kept as Java strings rather than resource files: nothing to register for a native image.
 *
 * <p>{@code weight_bucket} = RecallPolicy.weightBucket(weight), kept beside the
 * weight so an index can serve "most recent per type and bucket".
 *
 * <p>Times are epoch milliseconds. {@code expires_at} holds {@link Codec#NEVER} for permanent
 * memories so that one index range ({@code expires_at > ?}) serves every recall.
 * List columns hold values joined by {@link Codec#SEPARATOR}, a control character that
 * validated input never contains.
 */
final class SqliteSchema {
    record Migration(int version, String description, List<String> statements) {
    }

    static final List<Migration> MIGRATIONS = List.of(
            new Migration(1, "memories, raw messages, audit trail", List.of(
                    """
                    CREATE TABLE raw_messages (
                      id TEXT PRIMARY KEY,
                      profile_id TEXT NOT NULL,
                      message_id TEXT,
                      session_id TEXT,
                      source TEXT NOT NULL,
                      content TEXT NOT NULL,
                      created_at INTEGER NOT NULL,
                      received_at INTEGER NOT NULL,
                      outcome TEXT NOT NULL,
                      memory_id TEXT,
                      superseded_ids TEXT NOT NULL,
                      redactions TEXT NOT NULL
                    )""",
                    "CREATE UNIQUE INDEX raw_messages_idempotency ON raw_messages(profile_id, message_id)",
                    "CREATE INDEX raw_messages_profile ON raw_messages(profile_id, received_at)",
                    """
                    CREATE TABLE memories (
                      id TEXT PRIMARY KEY,
                      profile_id TEXT NOT NULL,
                      type TEXT NOT NULL,
                      content TEXT NOT NULL,
                      normalized_content TEXT NOT NULL,
                      entities TEXT NOT NULL,
                      keywords TEXT NOT NULL,
                      weight INTEGER NOT NULL CHECK (weight >= 1),
                      weight_bucket INTEGER NOT NULL,
                      status TEXT NOT NULL,
                      source TEXT NOT NULL,
                      session_id TEXT,
                      created_at INTEGER NOT NULL,
                      last_seen_at INTEGER NOT NULL,
                      expires_at INTEGER NOT NULL,
                      valid_from INTEGER,
                      valid_until INTEGER,
                      superseded_by TEXT,
                      superseded_entity_keys TEXT NOT NULL,
                      source_message_ids TEXT NOT NULL
                    )""",
                    // at most one active memory per dedup key (dropped by migration 3)
                    """
                    CREATE UNIQUE INDEX memories_active_dedup
                      ON memories(profile_id, type, normalized_content) WHERE status = 'active'""",
                    // recall reads only what may be visible at as_of, not the profile's whole history
                    "CREATE INDEX memories_recall ON memories(profile_id, expires_at)",
                    // the most recent of each (type, weight bucket): recall's candidates that share no term
                    "CREATE INDEX memories_recency ON memories(profile_id, type, weight_bucket, last_seen_at DESC, id)",
                    "CREATE INDEX memories_newest ON memories(profile_id, created_at, id)",
                    "CREATE INDEX memories_superseded_by ON memories(profile_id, superseded_by)",
                    """
                    CREATE TABLE memory_entities (
                      memory_id TEXT NOT NULL REFERENCES memories(id) ON DELETE CASCADE,
                      profile_id TEXT NOT NULL,
                      entity_key TEXT NOT NULL,
                      PRIMARY KEY (memory_id, entity_key)
                    )""",
                    "CREATE INDEX memory_entities_lookup ON memory_entities(profile_id, entity_key)",
                    // keyword -> memories: recall reads the memories sharing a query term, not all
                    """
                    CREATE TABLE memory_terms (
                      memory_id TEXT NOT NULL REFERENCES memories(id) ON DELETE CASCADE,
                      profile_id TEXT NOT NULL,
                      term TEXT NOT NULL,
                      PRIMARY KEY (memory_id, term)
                    )""",
                    "CREATE INDEX memory_terms_lookup ON memory_terms(profile_id, term)",
                    """
                    CREATE TABLE audit_events (
                      seq INTEGER PRIMARY KEY AUTOINCREMENT,
                      id TEXT NOT NULL UNIQUE,
                      profile_id TEXT NOT NULL,
                      memory_id TEXT,
                      raw_message_id TEXT,
                      kind TEXT NOT NULL,
                      detail TEXT NOT NULL,
                      at INTEGER NOT NULL
                    )""",
                    "CREATE INDEX audit_events_memory ON audit_events(profile_id, memory_id, seq)",
                    "CREATE INDEX audit_events_profile ON audit_events(profile_id, seq)")),
            // semantic recall: one embedding per memory, little-endian float32, per model
            new Migration(2, "memory vectors", List.of(
                    """
                    CREATE TABLE memory_vectors (
                      memory_id TEXT PRIMARY KEY REFERENCES memories(id) ON DELETE CASCADE,
                      profile_id TEXT NOT NULL,
                      model TEXT NOT NULL,
                      vector BLOB NOT NULL
                    )""")),
            // dedup candidates are chosen by time, so two memories with one key may both be
            // stored active (the older one expired, not yet swept); the profile's write lock, not an
            // index, keeps concurrent repeats to one memory
            new Migration(3, "dedup by visibility, not by status", List.of(
                    "DROP INDEX memories_active_dedup",
                    "CREATE INDEX memories_dedup ON memories(profile_id, type, normalized_content)")),
            // experiences: lessons of finished rounds, found by a shared term like memories.
            new Migration(4, "experiences", List.of(
                    """
                    CREATE TABLE experiences (
                      id TEXT PRIMARY KEY,
                      profile_id TEXT NOT NULL,
                      task TEXT NOT NULL,
                      outcome TEXT NOT NULL,
                      lesson TEXT NOT NULL,
                      importance REAL NOT NULL CHECK (importance >= 0 AND importance <= 1),
                      keywords TEXT NOT NULL,
                      created_at INTEGER NOT NULL
                    )""",
                    "CREATE INDEX experiences_newest ON experiences(profile_id, created_at, id)",
                    // keyword -> experiences: recall reads the experiences sharing a query term, not all
                    """
                    CREATE TABLE experience_terms (
                      experience_id TEXT NOT NULL REFERENCES experiences(id) ON DELETE CASCADE,
                      profile_id TEXT NOT NULL,
                      term TEXT NOT NULL,
                      PRIMARY KEY (experience_id, term)
                    )""",
                    "CREATE INDEX experience_terms_lookup ON experience_terms(profile_id, term)")),
            // lifecycle jobs: the sweep finds due active memories without a scan; the purge
            // removes a memory's raw messages by memory id
            new Migration(5, "lifecycle jobs", List.of(
                    "CREATE INDEX memories_active_expiry ON memories(expires_at, profile_id) WHERE status = 'active'",
                    "CREATE INDEX raw_messages_memory ON raw_messages(profile_id, memory_id)",
                    // one row per scheduled run: the primary key lets one claimant per period win
                    """
                    CREATE TABLE job_runs (
                      job TEXT NOT NULL,
                      period_start INTEGER NOT NULL,
                      PRIMARY KEY (job, period_start)
                    )""")),
            // who made a change (an API key's name, local, or system for the write path) and
            // the changed fields before and after it; rows written before read as actor 'system'
            new Migration(6, "audit actor, before and after", List.of(
                    "ALTER TABLE audit_events ADD COLUMN actor TEXT",
                    "ALTER TABLE audit_events ADD COLUMN before_state TEXT",
                    "ALTER TABLE audit_events ADD COLUMN after_state TEXT",
                    // raw messages newest first, per outcome (GET messages?outcome=unclassified)
                    "CREATE INDEX raw_messages_outcome ON raw_messages(profile_id, outcome, received_at)")),
            // compact: the summary that folded a memory; the members of a summary by index
            new Migration(7, "summaries", List.of(
                    "ALTER TABLE memories ADD COLUMN summarized_by TEXT",
                    "CREATE INDEX memories_summarized_by ON memories(profile_id, summarized_by)"
                            + " WHERE summarized_by IS NOT NULL")),
            // structured facts, one row per version, never rewritten but for closing
            // (valid_until).
            new Migration(8, "structured facts", List.of(
                    """
                    CREATE TABLE facts (
                      id TEXT PRIMARY KEY,
                      profile_id TEXT NOT NULL,
                      attribute TEXT NOT NULL,
                      value TEXT NOT NULL,
                      confidence REAL NOT NULL CHECK (confidence >= 0 AND confidence <= 1),
                      source TEXT NOT NULL,
                      valid_from INTEGER NOT NULL,
                      valid_until INTEGER CHECK (valid_until IS NULL OR valid_until >= valid_from),
                      supersedes TEXT,
                      recorded_at INTEGER NOT NULL,
                      recorded_by TEXT NOT NULL
                    )""",
                    // history and as_of reads of one attribute, and of the whole profile
                    "CREATE INDEX facts_timeline ON facts(profile_id, attribute, valid_from)",
                    // the latest version is the one nothing supersedes
                    "CREATE INDEX facts_supersedes ON facts(profile_id, supersedes)",
                    // at most one open (current) version per attribute: a safety net under the write lock
                    "CREATE UNIQUE INDEX facts_open ON facts(profile_id, attribute) WHERE valid_until IS NULL")),
            // the deployment-wide entity registry. A deleted entity stays as a tombstone
            // (deleted_at) so that seeding from the shipped dictionary never brings it back; entity_names
            // holds the name keys of the live entities only, its primary key letting one name belong to
            // one entity.
            new Migration(9, "entity registry", List.of(
                    """
                    CREATE TABLE registered_entities (
                      entity_key TEXT PRIMARY KEY,
                      name TEXT NOT NULL,
                      aliases TEXT NOT NULL,
                      kind TEXT NOT NULL,
                      updated_at INTEGER NOT NULL,
                      deleted_at INTEGER
                    )""",
                    """
                    CREATE TABLE entity_names (
                      name_key TEXT PRIMARY KEY,
                      entity_key TEXT NOT NULL REFERENCES registered_entities(entity_key)
                    )""",
                    "CREATE INDEX entity_names_entity ON entity_names(entity_key)")),
            // flat latency: a memory's number of distinct keywords beside it, so recall scores the
            // memories sharing a query term from counts (Jaccard) and reads whole only those it keeps.
            // SQLite only: PostgreSQL counts over the keywords array in the query (no V10 there).
            new Migration(10, "term counts", List.of(
                    "ALTER TABLE memories ADD COLUMN term_count INTEGER NOT NULL DEFAULT 0",
                    "UPDATE memories SET term_count = (SELECT COUNT(*) FROM memory_terms t WHERE t.memory_id = memories.id)")),
            // flat latency: each term row carries its memory's ranking columns and window, and one
            // covering index holds them in term order, so the store scores every sharer of a query term in
            // one pass over that index (no lookup of the memory per sharer) and hands over the few best.
            // SqliteMemories rewrites a memory's term rows on every update, so the copies stay current.
            new Migration(11, "ranking columns on term rows", List.of(
                    "ALTER TABLE memory_terms ADD COLUMN type TEXT NOT NULL DEFAULT ''",
                    "ALTER TABLE memory_terms ADD COLUMN weight INTEGER NOT NULL DEFAULT 1",
                    "ALTER TABLE memory_terms ADD COLUMN last_seen_at INTEGER NOT NULL DEFAULT 0",
                    "ALTER TABLE memory_terms ADD COLUMN term_count INTEGER NOT NULL DEFAULT 0",
                    "ALTER TABLE memory_terms ADD COLUMN expires_at INTEGER NOT NULL DEFAULT 0",
                    "ALTER TABLE memory_terms ADD COLUMN valid_from INTEGER",
                    "ALTER TABLE memory_terms ADD COLUMN valid_until INTEGER",
                    "ALTER TABLE memory_terms ADD COLUMN partly INTEGER NOT NULL DEFAULT 0",
                    "UPDATE memory_terms SET (type, weight, last_seen_at, term_count, expires_at, valid_from, valid_until,"
                            + " partly) = (SELECT m.type, m.weight, m.last_seen_at, m.term_count, m.expires_at,"
                            + " m.valid_from, m.valid_until, COALESCE(m.superseded_entity_keys, '') <> ''"
                            + " FROM memories m WHERE m.id = memory_terms.memory_id)",
                    "DROP INDEX memory_terms_lookup",
                    "CREATE INDEX memory_terms_lookup ON memory_terms(profile_id, term, partly, type, memory_id, weight,"
                            + " last_seen_at, term_count, expires_at, valid_from, valid_until)",
                    // and the most recent of each (type, weight bucket) group read as ranking keys from the index alone
                    "DROP INDEX memories_recency",
                    "CREATE INDEX memories_recency ON memories(profile_id, type, weight_bucket, last_seen_at DESC, id,"
                            + " weight, expires_at, valid_from, valid_until)")),
            // semantic recall at 10k memories: a stamp per vector row, new at every write, read from an index so
            // recall reads only the vectors it has not cached (VectorCache); 0 for the rows written before
            new Migration(12, "vector stamps", List.of(
                    "ALTER TABLE memory_vectors ADD COLUMN stamp INTEGER NOT NULL DEFAULT 0",
                    "CREATE INDEX memory_vectors_stamp ON memory_vectors(memory_id, model, stamp)")),
            // a common term at 100k memories: its sharers of one (type, term count) in recency order, so recall
            // reads only those recent enough to beat a known score (SharerRanking.cutoffsSharingOneTerm)
            new Migration(13, "term rows by term count and recency", List.of(
                    "DROP INDEX memory_terms_lookup",
                    "CREATE INDEX memory_terms_lookup ON memory_terms(profile_id, term, partly, type, term_count,"
                            + " last_seen_at DESC, memory_id, weight, expires_at, valid_from, valid_until)")),
            // the agent that used the actor's key (an MCP client, an x-agent-id header), beside the actor;
            // null on the rows written before and on the service's own events
            new Migration(14, "audit agent", List.of(
                    "ALTER TABLE audit_events ADD COLUMN agent TEXT")),
            // a past recall takes the partly superseded memories back to its instant: found without a scan
            new Migration(15, "partly superseded memories", List.of(
                    "CREATE INDEX memories_partly ON memories(profile_id) WHERE superseded_entity_keys <> ''")),
            // a memory held because its sign was uncertain: why it waits, and the types it may be instead
            new Migration(16, "uncertain type", List.of(
                    "ALTER TABLE memories ADD COLUMN pending_reason TEXT",
                    "ALTER TABLE memories ADD COLUMN alternatives TEXT NOT NULL DEFAULT ''")),
            // and the memories visible then and seen again since from an index of only those seen again after
            // they became visible, the range checked in the index (JdbcMemories.findChangedSince)
            new Migration(17, "memories seen again", List.of(
                    "CREATE INDEX memories_seen_again ON memories(profile_id, last_seen_at, valid_from)"
                            + " WHERE last_seen_at > valid_from")),
            // teams: a team is its members; its memories are any owner's, under '~team:' || team_id (a profile
            // id never holds '~'); team_authors names the members behind each team memory
            new Migration(18, "teams", List.of(
                    """
                    CREATE TABLE team_members (
                      team_id TEXT NOT NULL,
                      profile_id TEXT NOT NULL,
                      joined_at INTEGER NOT NULL,
                      PRIMARY KEY (team_id, profile_id)
                    )""",
                    "CREATE INDEX team_members_profile ON team_members(profile_id)",
                    """
                    CREATE TABLE team_authors (
                      team_id TEXT NOT NULL,
                      memory_id TEXT NOT NULL,
                      profile_id TEXT NOT NULL,
                      personal_memory_id TEXT,
                      raw_message_id TEXT,
                      PRIMARY KEY (team_id, memory_id, profile_id)
                    )""",
                    "CREATE INDEX team_authors_profile ON team_authors(profile_id)")),
            // how often a present context returned each memory and when last (docs/rules.md "Recall counts"),
            // written by the recall counter alone; and why a derived preference was proposed, with the ids of
            // its evidence memories (docs/rules.md "Derived preferences")
            new Migration(19, "recall counts and derived preferences", List.of(
                    "ALTER TABLE memories ADD COLUMN recall_count INTEGER NOT NULL DEFAULT 0",
                    "ALTER TABLE memories ADD COLUMN last_recalled_at INTEGER",
                    "ALTER TABLE memories ADD COLUMN derived_rule TEXT",
                    "ALTER TABLE memories ADD COLUMN derived_rationale TEXT",
                    "ALTER TABLE memories ADD COLUMN evidence TEXT NOT NULL DEFAULT ''")),
            // with the use factor on, a present recall reads the memories recalls returned (docs/rules.md "Use in
            // the score") from an index of only those
            new Migration(20, "recalled memories", List.of(
                    "CREATE INDEX memories_recalled ON memories(profile_id) WHERE recall_count > 0")),
            // the check value of every encryption key that was primary at a start (docs/encryption.md): a later
            // start whose keys include none of them stops (wrong key)
            new Migration(22, "encryption key checks", List.of(
                    """
                    CREATE TABLE key_checks (
                      key_id TEXT PRIMARY KEY,
                      check_value TEXT NOT NULL,
                      recorded_at INTEGER NOT NULL
                    )""")),
            // with encryption on, normalized_content holds the blind index the dedup lookup compares, and this
            // column the sealed normalized text the rules read back; NULL without encryption
            new Migration(23, "sealed normalized content", List.of(
                    "ALTER TABLE memories ADD COLUMN normalized_sealed TEXT")),
            // a memory held before pending reasons existed (16) has none; the only personal memory the write path
            // then held without one is a decision a more confident opposite decision held (rules.md §4): it says so
            // now. A team's pending memory is a consensus proposal and keeps none.
            new Migration(26, "pending reason of held conflicts", List.of(
                    "UPDATE memories SET pending_reason = 'conflict' WHERE status = 'pending'"
                            + " AND pending_reason IS NULL AND type IN ('project_advance', 'project_negative')"
                            + " AND profile_id NOT LIKE '~team:%'")),
            // a team's pending memory is a consensus proposal: it says so now, as proposals made from now on do
            new Migration(27, "pending reason of team proposals", List.of(
                    "UPDATE memories SET pending_reason = 'team_proposal' WHERE status = 'pending'"
                            + " AND pending_reason IS NULL AND profile_id LIKE '~team:%'")));

    private SqliteSchema() {
    }

    /** Brings the database to the latest version; returns that version. */
    static int migrate(Connection c, java.time.Instant now) throws SQLException {
        try (Statement s = c.createStatement()) {
            s.execute("CREATE TABLE IF NOT EXISTS schema_version (version INTEGER PRIMARY KEY,"
                    + " description TEXT NOT NULL, applied_at INTEGER NOT NULL)");
        }
        int current = currentVersion(c);
        for (Migration m : MIGRATIONS) {
            if (m.version() <= current) {
                continue;
            }
            c.setAutoCommit(false);
            try (Statement s = c.createStatement()) {
                for (String sql : m.statements()) {
                    s.execute(sql);
                }
                s.executeUpdate("INSERT INTO schema_version(version, description, applied_at) VALUES ("
                        + m.version() + ", '" + m.description().replace("'", "''") + "', "
                        + now.toEpochMilli() + ")");
                c.commit();
            } catch (SQLException e) {
                c.rollback();
                throw e;
            } finally {
                c.setAutoCommit(true);
            }
            current = m.version();
        }
        return current;
    }

    static int currentVersion(Connection c) throws SQLException {
        try (Statement s = c.createStatement();
             ResultSet rs = s.executeQuery("SELECT COALESCE(MAX(version), 0) FROM schema_version")) {
            return rs.next() ? rs.getInt(1) : 0;
        }
    }
}
