package dev.pmmemory.bootstrap;

import static org.assertj.core.api.Assertions.assertThat;

import dev.pmmemory.adapters.postgres.PostgresMemoryStore;
import dev.pmmemory.adapters.postgres.PostgresSettings;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.postgresql.Driver;

/**
 * The PostgreSQL store's own migration runner against a real database, each case in a schema of
 * its own (the URL's currentSchema): a database that the Flyway-based releases migrated is
 * adopted, not migrated again, and keeps its data; instances starting together on an empty
 * database run each script once.
 */
class PostgresSchemaRunnerTest {
    private static final String[] SCRIPTS = {"V1__memories_raw_messages_audit.sql", "V2__memory_vectors.sql",
            "V3__dedup_by_visibility.sql", "V4__experiences.sql", "V5__lifecycle_jobs.sql",
            "V6__audit_actor_before_after.sql", "V7__summaries.sql", "V8__facts.sql"};
    /** Scripts newer than the last Flyway-migrated release: run after the adoption. */
    private static final String[] LATER_SCRIPTS = {"V9__entity_registry.sql", "V10__term_postings.sql",
            "V11__term_rows_by_recency.sql", "V12__audit_agent.sql"};
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
    void aDatabaseFlywayMigratedIsAdoptedWithItsData() throws Exception {
        String schema = freshSchema("adopt_flyway");
        try (Connection c = connect(schema); Statement s = c.createStatement()) {
            // what the release before this runner left: Flyway's history table and its scripts' tables
            s.execute("CREATE TABLE flyway_schema_history (installed_rank integer PRIMARY KEY, version varchar(50),"
                    + " description varchar(200) NOT NULL, type varchar(20) NOT NULL, script varchar(1000) NOT NULL,"
                    + " checksum integer, installed_by varchar(100) NOT NULL, installed_on timestamp NOT NULL DEFAULT now(),"
                    + " execution_time integer NOT NULL, success boolean NOT NULL)");
            for (int i = 0; i < SCRIPTS.length; i++) {
                s.execute(script(SCRIPTS[i]));
                s.execute("INSERT INTO flyway_schema_history VALUES (" + (i + 1) + ", '" + (i + 1) + "', 'd', 'SQL', '"
                        + SCRIPTS[i] + "', 42, 'postgres', now(), 5, true)");
            }
            s.execute("INSERT INTO job_runs (job, period_start) VALUES ('sweep', timestamptz '2026-05-01 08:00Z')");
        }

        try (PostgresMemoryStore store = PostgresMemoryStore.open(settings(schema))) {
            // V1..V8 adopted (V1 again would fail on its existing tables); only the later scripts run
            assertThat(store.schemaVersion()).isEqualTo(SCRIPTS.length + LATER_SCRIPTS.length);
            assertThat(store.isAvailable()).isTrue();
            assertThat(store.claimJobRun("sweep", java.time.Instant.parse("2026-05-01T08:00:00Z")))
                    .as("the run the old release recorded is still there").isFalse();
        }
        List<String> all = new ArrayList<>(List.of(SCRIPTS));
        all.addAll(List.of(LATER_SCRIPTS));
        assertThat(strings(schema, "SELECT script FROM schema_version ORDER BY version")).containsExactlyElementsOf(all);
        assertThat(strings(schema, "SELECT count(*) FROM flyway_schema_history")).as("Flyway's table left as it was")
                .containsExactly("8");
    }

    @Test
    void instancesStartingTogetherOnAnEmptyDatabaseRunEachScriptOnce() throws Exception {
        String schema = freshSchema("start_together");
        List<PostgresMemoryStore> stores = new ArrayList<>();
        try {
            List<CompletableFuture<Integer>> versions = new ArrayList<>();
            for (int i = 0; i < 3; i++) {
                PostgresMemoryStore store = PostgresMemoryStore.open(settings(schema));
                stores.add(store);
                versions.add(CompletableFuture.supplyAsync(store::schemaVersion));
            }
            for (CompletableFuture<Integer> version : versions) {
                assertThat(version.get(60, TimeUnit.SECONDS)).isEqualTo(SCRIPTS.length + LATER_SCRIPTS.length);
            }
        } finally {
            stores.forEach(PostgresMemoryStore::close);
        }
        List<String> all = new ArrayList<>(List.of(SCRIPTS));
        all.addAll(List.of(LATER_SCRIPTS));
        assertThat(strings(schema, "SELECT script FROM schema_version ORDER BY version")).containsExactlyElementsOf(all);
        assertThat(strings(schema, "SELECT to_regclass('flyway_schema_history') IS NULL")).containsExactly("t");
    }

    private static String freshSchema(String name) throws SQLException {
        try (Connection c = connect(null); Statement s = c.createStatement()) {
            s.execute("DROP SCHEMA IF EXISTS " + name + " CASCADE");
            s.execute("CREATE SCHEMA " + name);
        }
        return name;
    }

    private static PostgresSettings settings(String schema) {
        return new PostgresSettings(url(schema), config.get("memory.postgres.username"),
                config.get("memory.postgres.password"), 4, Duration.ofSeconds(3));
    }

    private static String url(String schema) {
        String url = config.get("memory.postgres.url");
        return schema == null ? url : url + (url.contains("?") ? "&" : "?") + "currentSchema=" + schema;
    }

    private static Connection connect(String schema) throws SQLException {
        Properties p = new Properties();
        if (config.get("memory.postgres.username") != null) {
            p.setProperty("user", config.get("memory.postgres.username"));
        }
        if (config.get("memory.postgres.password") != null) {
            p.setProperty("password", config.get("memory.postgres.password"));
        }
        return new Driver().connect(url(schema), p);
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
        try (InputStream in = PostgresSchemaRunnerTest.class.getClassLoader().getResourceAsStream("db/postgres/" + name)) {
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        }
    }
}
