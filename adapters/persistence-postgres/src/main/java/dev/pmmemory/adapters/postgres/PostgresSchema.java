package dev.pmmemory.adapters.postgres;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Brings a database to the latest schema: the versioned scripts {@code db/postgres/V<n>__*.sql},
 * each in its own transaction, recorded in {@code schema_version} (the SQLite store's table name
 * and shape), as SqliteSchema does for SQLite.
 *
 * <p><b>Databases migrated by Flyway</b> (releases before this runner) keep working: when
 * {@code schema_version} is new and {@code flyway_schema_history} exists, the versions Flyway
 * applied successfully are copied over, so only later scripts run. Flyway's table is left as it
 * was.
 *
 * <p><b>Several instances starting together</b> are safe: every step holds a transaction-scoped
 * advisory lock of its own and re-reads the applied version under it, so each script runs once.
 * Scripts run on the application's connections, with their statement and lock timeouts (10 s): a
 * script that needs longer starts with {@code SET LOCAL statement_timeout = '10min';}.
 */
final class PostgresSchema {
    /**
     * Every script, in order. The list is spelled out, not found by listing a classpath folder,
     * because a native image cannot list one; PostgresSchemaTest fails if a file is missing here.
     */
    static final List<String> SCRIPTS = List.of(
            "V1__memories_raw_messages_audit.sql",
            "V2__memory_vectors.sql",
            "V3__dedup_by_visibility.sql",
            "V4__experiences.sql",
            "V5__lifecycle_jobs.sql",
            "V6__audit_actor_before_after.sql",
            "V7__summaries.sql",
            "V8__facts.sql",
            "V9__entity_registry.sql",
            "V10__term_postings.sql",
            "V11__term_rows_by_recency.sql",
            "V12__audit_agent.sql");
    static final String LOCATION = "db/postgres/";
    /** The advisory lock key of migrations ("pm-memor" in ASCII); profile locks use hashtextextended of the id. */
    private static final long MIGRATION_LOCK = 0x706d2d6d656d6f72L;
    private static final Pattern NAME = Pattern.compile("V(\\d+)__(\\w+)\\.sql");

    /** One script: its version and Flyway-style description (the name's words). */
    record Script(int version, String description, String name) {
        static Script of(String name) {
            Matcher m = NAME.matcher(name);
            if (!m.matches()) {
                throw new IllegalArgumentException("not a migration script name (V<n>__words.sql): " + name);
            }
            return new Script(Integer.parseInt(m.group(1)), m.group(2).replace('_', ' '), name);
        }

        String sql() {
            try (InputStream in = PostgresSchema.class.getClassLoader().getResourceAsStream(LOCATION + name)) {
                if (in == null) {
                    throw new IllegalStateException("migration " + LOCATION + name + " is not on the class path");
                }
                return new String(in.readAllBytes(), StandardCharsets.UTF_8);
            } catch (IOException e) {
                throw new UncheckedIOException("cannot read migration " + LOCATION + name, e);
            }
        }
    }

    private PostgresSchema() {
    }

    static List<Script> scripts() {
        return SCRIPTS.stream().map(Script::of).toList();
    }

    /**
     * Applies what is missing on {@code c} (autocommit off; left with no transaction open).
     *
     * @return the number of scripts applied by this call
     */
    static int migrate(Connection c) throws SQLException {
        runLocked(c, () -> {
            try (Statement s = c.createStatement()) {
                s.execute("CREATE TABLE IF NOT EXISTS schema_version (version integer PRIMARY KEY,"
                        + " description text NOT NULL, script text NOT NULL, applied_at timestamptz NOT NULL DEFAULT now())");
                if (currentVersion(c) == 0 && flywayHistoryExists(c)) {
                    s.executeUpdate("INSERT INTO schema_version (version, description, script, applied_at)"
                            + " SELECT CAST(version AS integer), description, script, installed_on FROM flyway_schema_history"
                            + " WHERE success AND version IS NOT NULL ORDER BY installed_rank");
                }
            }
        });
        int applied = 0;
        for (Script script : scripts()) {
            boolean ran = callLocked(c, () -> {
                if (script.version() <= currentVersion(c)) {
                    return false; // applied earlier, or by another instance meanwhile
                }
                try (Statement s = c.createStatement()) {
                    s.execute(script.sql());
                }
                try (PreparedStatement ps = c.prepareStatement(
                        "INSERT INTO schema_version (version, description, script) VALUES (?, ?, ?)")) {
                    ps.setInt(1, script.version());
                    ps.setString(2, script.description());
                    ps.setString(3, script.name());
                    ps.executeUpdate();
                }
                return true;
            });
            applied += ran ? 1 : 0;
        }
        return applied;
    }

    /** The highest applied version, 0 for an empty database. */
    static int currentVersion(Connection c) throws SQLException {
        try (Statement s = c.createStatement();
             ResultSet rs = s.executeQuery("SELECT COALESCE(MAX(version), 0) FROM schema_version")) {
            rs.next();
            return rs.getInt(1);
        }
    }

    private static boolean flywayHistoryExists(Connection c) throws SQLException {
        try (Statement s = c.createStatement();
             ResultSet rs = s.executeQuery("SELECT to_regclass('flyway_schema_history') IS NOT NULL")) {
            rs.next();
            return rs.getBoolean(1);
        }
    }

    private interface Step<T> {
        T run() throws SQLException;
    }

    private interface VoidStep {
        void run() throws SQLException;
    }

    private static void runLocked(Connection c, VoidStep step) throws SQLException {
        callLocked(c, () -> {
            step.run();
            return null;
        });
    }

    private static <T> T callLocked(Connection c, Step<T> step) throws SQLException {
        try {
            try (PreparedStatement ps = c.prepareStatement("SELECT pg_advisory_xact_lock(?)")) {
                ps.setLong(1, MIGRATION_LOCK);
                ps.executeQuery().close();
            }
            T result = step.run();
            c.commit();
            return result;
        } catch (SQLException | RuntimeException e) {
            try {
                c.rollback();
            } catch (SQLException ignored) {
                // the original failure is the one worth reporting
            }
            throw e;
        }
    }
}
