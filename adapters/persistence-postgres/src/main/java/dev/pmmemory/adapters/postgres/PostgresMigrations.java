package dev.pmmemory.adapters.postgres;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import javax.sql.DataSource;
import org.flywaydb.core.Flyway;
import org.flywaydb.core.api.MigrationInfo;

/**
 * The schema's migrations ({@code db/postgres/V<n>__*.sql}), run by the Flyway instance the platform
 * configures ({@code quarkus.flyway.*}), on the first call that reaches the database.
 *
 * <p><b>A database the earlier migration runner kept</b> records its applied versions in
 * {@code schema_version} (that runner's table), not in Flyway's history. It is adopted with its data:
 * Flyway's history is baselined at the highest version that table records, so only later scripts run.
 * A Flyway history older than {@code schema_version} (left by the releases before that runner, which
 * then went on without it) is renamed {@code flyway_schema_history_superseded} first: a baseline needs
 * an empty history. Both old tables stay for the operator to drop.
 *
 * <p>Several instances adopting at once take turns on a session advisory lock; Flyway's own lock
 * then serialises the migrations themselves.
 */
public final class PostgresMigrations {
    /** The key of the adoption's advisory lock ("pm-memor" in ASCII), beside the profiles' hashed keys. */
    private static final long ADOPTION_LOCK = 0x706d2d6d656d6f72L;
    private static final String EARLIER_RUNNER_TABLE = "schema_version";
    private static final String FLYWAY_TABLE = "flyway_schema_history";

    private final Flyway flyway;
    private final DataSource dataSource;

    public PostgresMigrations(Flyway flyway, DataSource dataSource) {
        this.flyway = flyway;
        this.dataSource = dataSource;
    }

    /** Applies what is missing; returns how many scripts this call ran. */
    public int migrate() throws SQLException {
        adoptEarlierRunner();
        return flyway.migrate().migrationsExecuted;
    }

    /** The highest applied version, 0 for an empty database. */
    public int currentVersion() {
        MigrationInfo current = flyway.info().current();
        return current == null || current.getVersion() == null ? 0 : Integer.parseInt(current.getVersion().getVersion());
    }

    private void adoptEarlierRunner() throws SQLException {
        try (Connection c = dataSource.getConnection()) {
            if (!exists(c, EARLIER_RUNNER_TABLE)) {
                return;
            }
            lock(c, true);
            try {
                int runner = maxVersion(c, "SELECT COALESCE(MAX(version), 0) FROM " + EARLIER_RUNNER_TABLE);
                int flywayApplied = exists(c, FLYWAY_TABLE) ? maxVersion(c, "SELECT COALESCE(MAX(CAST(version AS integer)),"
                        + " 0) FROM " + FLYWAY_TABLE + " WHERE success AND version IS NOT NULL") : 0;
                if (runner == 0 || flywayApplied >= runner) {
                    return; // nothing to adopt, or adopted already
                }
                if (exists(c, FLYWAY_TABLE)) {
                    try (Statement s = c.createStatement()) {
                        s.execute("ALTER TABLE " + FLYWAY_TABLE + " RENAME TO " + FLYWAY_TABLE + "_superseded");
                    }
                }
                Flyway.configure(flyway.getConfiguration().getClassLoader()).configuration(flyway.getConfiguration())
                        .baselineVersion(Integer.toString(runner))
                        .baselineDescription("adopted from " + EARLIER_RUNNER_TABLE)
                        .load().baseline();
            } finally {
                lock(c, false);
            }
        }
    }

    private static void lock(Connection c, boolean take) throws SQLException {
        try (PreparedStatement ps = c.prepareStatement(take ? "SELECT pg_advisory_lock(?)" : "SELECT pg_advisory_unlock(?)")) {
            ps.setLong(1, ADOPTION_LOCK);
            ps.executeQuery().close();
        }
    }

    private static boolean exists(Connection c, String table) throws SQLException {
        try (PreparedStatement ps = c.prepareStatement("SELECT to_regclass(?) IS NOT NULL")) {
            ps.setString(1, table);
            try (ResultSet rs = ps.executeQuery()) {
                rs.next();
                return rs.getBoolean(1);
            }
        }
    }

    private static int maxVersion(Connection c, String sql) throws SQLException {
        try (Statement s = c.createStatement(); ResultSet rs = s.executeQuery(sql)) {
            rs.next();
            return rs.getInt(1);
        }
    }
}
