package dev.pmmemory.bootstrap;

import static org.assertj.core.api.Assertions.assertThat;

import dev.pmmemory.adapters.postgres.PostgresMigrations;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.flywaydb.core.Flyway;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.postgresql.ds.PGSimpleDataSource;

/**
 * The PostgreSQL migrations under Flyway against a real database, each case in a schema of its own:
 * a database the earlier runner migrated ({@code schema_version}) is adopted with its data, not migrated
 * again; so is one whose Flyway history that runner had outgrown; instances starting together on an
 * empty database run each script once.
 */
class PostgresMigrationsTest {
    /** What the earlier runner had applied when it was replaced. */
    private static final String[] RUNNER_SCRIPTS = {"V1__memories_raw_messages_audit.sql", "V2__memory_vectors.sql",
            "V3__dedup_by_visibility.sql", "V4__experiences.sql", "V5__lifecycle_jobs.sql",
            "V6__audit_actor_before_after.sql", "V7__summaries.sql", "V8__facts.sql", "V9__entity_registry.sql",
            "V10__term_postings.sql", "V11__term_rows_by_recency.sql"};
    private static final PostgresTestDatabase DATABASE = new PostgresTestDatabase();
    private static Map<String, String> config;

    @BeforeAll
    static void database() {
        config = DATABASE.start();
    }

    @AfterAll
    static void stop() {
        DATABASE.stop();
    }

    @Test
    void aDatabaseTheEarlierRunnerMigratedIsAdoptedWithItsData() throws Exception {
        String schema = freshSchema("adopt_runner");
        runnerMigrated(schema);
        try (Connection c = connect(schema); Statement s = c.createStatement()) {
            s.execute("INSERT INTO job_runs (job, period_start) VALUES ('sweep', timestamptz '2026-05-01 08:00Z')");
        }
        PostgresMigrations migrations = migrations(schema);

        int ran = migrations.migrate();

        assertThat(ran).as("only the scripts after the runner's last").isEqualTo(scriptsAfter(RUNNER_SCRIPTS.length));
        assertThat(migrations.currentVersion()).isEqualTo(latestVersion());
        assertThat(strings(schema, "SELECT version || ':' || type FROM flyway_schema_history WHERE version = '11'"))
                .containsExactly("11:BASELINE");
        assertThat(strings(schema, "SELECT job FROM job_runs")).as("the data is kept").containsExactly("sweep");
        assertThat(migrations.migrate()).as("adopted once").isZero();
    }

    @Test
    void aFlywayHistoryTheRunnerOutgrewIsSetAsideAndTheDatabaseAdopted() throws Exception {
        String schema = freshSchema("adopt_outgrown");
        runnerMigrated(schema);
        try (Connection c = connect(schema); Statement s = c.createStatement()) {
            // the releases before the runner left Flyway's history at V8; the runner then applied V9..V11
            s.execute("CREATE TABLE flyway_schema_history (installed_rank integer PRIMARY KEY, version varchar(50),"
                    + " description varchar(200) NOT NULL, type varchar(20) NOT NULL, script varchar(1000) NOT NULL,"
                    + " checksum integer, installed_by varchar(100) NOT NULL, installed_on timestamp NOT NULL DEFAULT now(),"
                    + " execution_time integer NOT NULL, success boolean NOT NULL)");
            for (int v = 1; v <= 8; v++) {
                s.execute("INSERT INTO flyway_schema_history VALUES (" + v + ", '" + v + "', 'd', 'SQL', '"
                        + RUNNER_SCRIPTS[v - 1] + "', 42, 'postgres', now(), 5, true)");
            }
        }
        PostgresMigrations migrations = migrations(schema);

        migrations.migrate();

        assertThat(migrations.currentVersion()).isEqualTo(latestVersion());
        assertThat(strings(schema, "SELECT count(*) FROM flyway_schema_history_superseded")).containsExactly("8");
    }

    @Test
    void instancesStartingTogetherOnAnEmptyDatabaseRunEachScriptOnce() throws Exception {
        String schema = freshSchema("start_together");
        List<CompletableFuture<Integer>> runs = new ArrayList<>();
        for (int i = 0; i < 3; i++) {
            PostgresMigrations migrations = migrations(schema);
            runs.add(CompletableFuture.supplyAsync(() -> {
                try {
                    return migrations.migrate();
                } catch (SQLException e) {
                    throw new IllegalStateException(e);
                }
            }));
        }
        int total = 0;
        for (CompletableFuture<Integer> run : runs) {
            total += run.get(60, TimeUnit.SECONDS);
        }

        assertThat(total).isEqualTo(scriptsAfter(0));
        assertThat(strings(schema, "SELECT count(*) FROM flyway_schema_history WHERE success"))
                .containsExactly(Integer.toString(scriptsAfter(0)));
    }

    /**
     * V26 and V27: a decision held pending before pending reasons existed is given the reason it was held for
     * (conflict), a team's pending memory the reason team_proposal; a reason already given and a memory not pending
     * are left as they are.
     */
    @Test
    void aDecisionHeldByAConflictBeforeReasonsExistedIsGivenTheConflictReason() throws Exception {
        String schema = freshSchema("legacy_pending");
        int before = shippedVersions().stream().mapToInt(Integer::intValue).filter(v -> v < 26).max().orElseThrow();
        Flyway.configure().dataSource(dataSource(schema)).locations("classpath:db/postgres")
                .target(Integer.toString(before)).load().migrate();
        try (Connection c = connect(schema); Statement s = c.createStatement()) {
            s.execute("INSERT INTO memories (id, profile_id, type, content, normalized_content, entities, keywords,"
                    + " weight, weight_bucket, status, source, created_at, last_seen_at, expires_at,"
                    + " superseded_entity_keys, source_message_ids, term_count, pending_reason) VALUES"
                    + " ('held', 'p1', 'project_advance', 'c', 'c', '', '', 1, 1, 'pending', 'inferred', 0, 0, 1, '', '', 0,"
                    + " NULL),"
                    + " ('held-neg', 'p1', 'project_negative', 'c', 'c', '', '', 1, 1, 'pending', 'bot', 0, 0, 1, '', '', 0,"
                    + " NULL),"
                    + " ('unsure', 'p1', 'project_negative', 'c', 'c', '', '', 1, 1, 'pending', 'explicit', 0, 0, 1, '', '',"
                    + " 0, 'uncertain_type'),"
                    + " ('active', 'p1', 'project_advance', 'c', 'c', '', '', 1, 1, 'active', 'explicit', 0, 0, 1, '', '', 0,"
                    + " NULL),"
                    + " ('team', '~team:t1', 'project_advance', 'c', 'c', '', '', 1, 1, 'pending', 'explicit', 0, 0, 1, '',"
                    + " '', 0, NULL),"
                    + " ('derived', 'p1', 'long_term_preference', 'c', 'c', '', '', 1, 1, 'pending', 'inferred', 0, 0, 1, '',"
                    + " '', 0, 'inferred')");
        }

        assertThat(migrations(schema).migrate()).isEqualTo(scriptsAfter(before));

        assertThat(strings(schema, "SELECT id || ':' || coalesce(pending_reason, 'null') FROM memories ORDER BY id"))
                .containsExactly("active:null", "derived:inferred", "held:conflict", "held-neg:conflict", "team:team_proposal",
                        "unsure:uncertain_type");
    }

    /** What the earlier runner left: its scripts applied, each recorded in schema_version. */
    private static void runnerMigrated(String schema) throws SQLException, IOException {
        try (Connection c = connect(schema); Statement s = c.createStatement()) {
            s.execute("CREATE TABLE schema_version (version integer PRIMARY KEY, description text NOT NULL,"
                    + " script text NOT NULL, applied_at timestamptz NOT NULL DEFAULT now())");
            for (int i = 0; i < RUNNER_SCRIPTS.length; i++) {
                s.execute(script(RUNNER_SCRIPTS[i]));
                s.execute("INSERT INTO schema_version (version, description, script) VALUES (" + (i + 1) + ", 'd', '"
                        + RUNNER_SCRIPTS[i] + "')");
            }
        }
    }

    /** The highest version of the scripts shipped, as Flyway finds them. */
    private static int latestVersion() throws SQLException {
        return shippedVersions().stream().mapToInt(Integer::intValue).max().orElseThrow();
    }

    /** How many of the scripts shipped have a version above {@code version}. */
    private static int scriptsAfter(int version) throws SQLException {
        return (int) shippedVersions().stream().filter(v -> v > version).count();
    }

    private static List<Integer> shippedVersions() throws SQLException {
        String schema = freshSchema("scripts_listed");
        return java.util.Arrays.stream(Flyway.configure().dataSource(dataSource(schema)).locations("classpath:db/postgres")
                        .load().info().all())
                .map(m -> Integer.parseInt(m.getVersion().getVersion())).toList();
    }

    private static PostgresMigrations migrations(String schema) {
        PGSimpleDataSource ds = dataSource(schema);
        Flyway flyway = Flyway.configure().dataSource(ds).locations("classpath:db/postgres").load();
        return new PostgresMigrations(flyway, ds);
    }

    private static String freshSchema(String name) throws SQLException {
        try (Connection c = connect(null); Statement s = c.createStatement()) {
            s.execute("DROP SCHEMA IF EXISTS " + name + " CASCADE");
            s.execute("CREATE SCHEMA " + name);
        }
        return name;
    }

    private static PGSimpleDataSource dataSource(String schema) {
        PGSimpleDataSource ds = new PGSimpleDataSource();
        String url = config.get(PostgresTestDatabase.URL);
        ds.setURL(schema == null ? url : url + (url.contains("?") ? "&" : "?") + "currentSchema=" + schema);
        if (config.get(PostgresTestDatabase.USERNAME) != null) {
            ds.setUser(config.get(PostgresTestDatabase.USERNAME));
        }
        if (config.get(PostgresTestDatabase.PASSWORD) != null) {
            ds.setPassword(config.get(PostgresTestDatabase.PASSWORD));
        }
        return ds;
    }

    private static Connection connect(String schema) throws SQLException {
        return dataSource(schema).getConnection();
    }

    private static List<String> strings(String schema, String sql) throws SQLException {
        try (Connection c = connect(schema); Statement s = c.createStatement(); ResultSet rs = s.executeQuery(sql)) {
            List<String> out = new ArrayList<>();
            while (rs.next()) {
                out.add(rs.getString(1));
            }
            return out;
        }
    }

    private static String script(String name) throws IOException {
        try (InputStream in = PostgresMigrationsTest.class.getClassLoader().getResourceAsStream("db/postgres/" + name)) {
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        }
    }
}
