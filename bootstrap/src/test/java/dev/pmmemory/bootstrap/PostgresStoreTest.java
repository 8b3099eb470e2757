package dev.pmmemory.bootstrap;

import static org.assertj.core.api.Assertions.assertThat;

import dev.pmmemory.adapters.postgres.PostgresMemoryStore;
import dev.pmmemory.application.port.in.FeedbackOutcome;
import dev.pmmemory.application.port.out.MemoryStore;
import dev.pmmemory.application.port.in.RawMessage;
import dev.pmmemory.domain.memory.Source;
import io.quarkus.test.junit.QuarkusTest;
import io.quarkus.test.junit.TestProfile;
import jakarta.inject.Inject;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Instant;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.eclipse.microprofile.config.inject.ConfigProperty;
import org.junit.jupiter.api.Test;

/** What only the PostgreSQL store has: the run-time switch, its migrated schema, the database lock, the indexes. */
@QuarkusTest
@TestProfile(PostgresProfile.class)
class PostgresStoreTest {
    private static final Instant T0 = Instant.parse("2026-05-01T08:00:00Z");

    @Inject
    MemoryStore store;

    @ConfigProperty(name = "memory.sqlite.path")
    String sqlitePath;

    @Test
    void memoryStorePostgresServesFromPostgresAndCreatesNoSqliteFile() {
        Api.feedback(Api.newProfile("switch"), "OpenAI 估值高").statusCode(201);

        assertThat(store).isInstanceOf(PostgresMemoryStore.class);
        assertThat(Path.of(sqlitePath)).as("the SQLite file this start would have used").doesNotExist();
    }

    /**
     * Every table is the migrations', and schema_version records each script once (the runner of
     * PostgresSchema; a database Flyway migrated is adopted: PostgresSchemaRunnerTest).
     */
    @Test
    void theSchemaIsTheMigrationsAndEachIsRecordedOnce() throws SQLException {
        PostgresMemoryStore postgres = (PostgresMemoryStore) store;
        List<String> scripts = strings("SELECT script FROM schema_version ORDER BY version");

        assertThat(postgres.schemaVersion()).isEqualTo(12);
        assertThat(strings("SELECT tablename FROM pg_tables WHERE schemaname = current_schema() ORDER BY 1"))
                .containsExactly("audit_events", "entity_names", "experiences", "facts", "job_runs", "memories",
                        "memory_terms", "memory_vectors", "profile_versions", "raw_messages", "registered_entities",
                        "schema_version");
        assertThat(scripts).hasSize(12).doesNotHaveDuplicates()
                .allSatisfy(script -> assertThat(script).matches("V\\d+__\\w+\\.sql"));
        assertThat(strings("SELECT string_agg(CAST(version AS text), ',' ORDER BY version) FROM schema_version"))
                .containsExactly("1,2,3,4,5,6,7,8,9,10,11,12");
    }

    /**
     * The write lock of a profile is a database lock: a write waits while another session (another
     * instance of the service) holds it, and goes on when that session commits; other profiles are
     * not held up.
     */
    @Test
    void aWriteWaitsForItsProfileLockHeldByAnotherSession() throws Exception {
        String p = Api.newProfile("locked");
        try (Connection otherInstance = PostgresTestConnection.open()) {
            otherInstance.setAutoCommit(false); // the lock is held until this transaction ends
            try (PreparedStatement ps = otherInstance.prepareStatement(
                    "SELECT pg_advisory_xact_lock(hashtextextended(?, 0))")) {
                ps.setString(1, p);
                ps.executeQuery().close();
            }

            CompletableFuture<Long> write = CompletableFuture.supplyAsync(() -> store.write(p, tx -> {
                tx.rawMessages().append(raw(p));
                return tx.rawMessages().countByProfile(p);
            }));
            Thread.sleep(1_000);
            assertThat(write).as("the write waits for the lock").isNotDone();

            String free = Api.newProfile("free");
            long written = store.write(free, tx -> {
                tx.rawMessages().append(raw(free));
                return tx.rawMessages().countByProfile(free);
            });
            assertThat(written).as("another profile's write meanwhile").isEqualTo(1);

            otherInstance.commit(); // releases the transaction's lock
            assertThat(write.get(10, TimeUnit.SECONDS).longValue()).isEqualTo(1);
        }
    }

    /**
     * The recall finders' statements (the same shapes as PostgresMemories) are served by their
     * indexes once a table holds many profiles' memories, not by reading the table.
     */
    @Test
    void recallQueriesAreServedByTheirIndexes() throws SQLException {
        try (Connection c = PostgresTestConnection.open(); Statement s = c.createStatement()) {
            s.execute("DELETE FROM memories WHERE id LIKE 'idx-%'");
            s.execute("""
                    INSERT INTO memories (id, profile_id, type, content, normalized_content, entities, entity_keys,
                      keywords, weight, weight_bucket, status, source, created_at, last_seen_at, expires_at, valid_from,
                      superseded_entity_keys, source_message_ids)
                    SELECT 'idx-' || g, 'idx-p' || (g % 50),
                      (ARRAY['project_negative', 'project_advance', 'temp_status', 'long_term_preference'])[1 + g % 4],
                      'c' || g, 'c' || g, ARRAY['E' || (g % 400)], ARRAY['e' || (g % 400)],
                      ARRAY['t' || (g % 600), 'k' || (g % 7)], 1 + g % 12, least(1 + g % 12, 10), 'active', 'explicit',
                      timestamptz '2026-05-01 08:00Z' - g * interval '1 minute',
                      timestamptz '2026-05-01 08:00Z' - g * interval '1 minute',
                      CASE WHEN g % 4 = 3 THEN NULL ELSE timestamptz '2026-06-01 08:00Z' END,
                      timestamptz '2026-04-01 08:00Z', '{}', '{}'
                    FROM generate_series(1, 20000) g""");
            s.execute("ANALYZE memories");
        }
        try {
            String visible = " valid_from <= ? AND (valid_until IS NULL OR valid_until > ?)"
                    + " AND (expires_at IS NULL OR expires_at > ?)";
            assertThat(plan("SELECT * FROM memories WHERE profile_id = ? AND keywords && CAST(? AS text[]) AND"
                    + visible, "idx-p7", new String[] {"t7", "t57"}, T0, T0, T0))
                    .contains("memories_keywords").doesNotContain("Seq Scan");
            assertThat(plan("SELECT * FROM memories WHERE profile_id = ? AND entity_keys @> CAST(? AS text[]) AND"
                    + visible, "idx-p7", new String[] {"e7"}, T0, T0, T0))
                    .contains("memories_entity_keys").doesNotContain("Seq Scan");
            assertThat(plan("SELECT * FROM memories WHERE profile_id = ? AND type = ? AND status = 'active'"
                    + " AND entity_keys && CAST(? AS text[]) ORDER BY id", "idx-p7", "project_advance",
                    new String[] {"e7", "e57"}))
                    .contains("memories_entity_keys").doesNotContain("Seq Scan");
            assertThat(plan("SELECT m.* FROM unnest(CAST(? AS text[])) AS g(type)"
                    + " CROSS JOIN generate_series(1, ?) AS b(bucket)"
                    + " CROSS JOIN LATERAL (SELECT * FROM memories WHERE profile_id = ? AND type = g.type"
                    + " AND weight_bucket = b.bucket AND" + visible + " ORDER BY last_seen_at DESC, id LIMIT ?) m",
                    new String[] {"project_negative", "temp_status"}, 10, "idx-p7", T0, T0, T0, 5))
                    .contains("memories_recency").doesNotContain("Seq Scan on memories");
            // every visible memory of one profile: any index keyed by the profile serves it (the
            // planner prefers the smallest), never a scan of everyone's memories
            assertThat(plan("SELECT * FROM memories WHERE profile_id = ? AND" + visible, "idx-p7", T0, T0, T0))
                    .contains("Index Cond: (profile_id = ").doesNotContain("Seq Scan");
            assertThat(plan("SELECT * FROM memories WHERE profile_id = ? AND (created_at, id) < (?, ?)"
                    + " ORDER BY created_at DESC, id DESC LIMIT ?", "idx-p7", T0, "idx-9", 20))
                    .contains("memories_newest").doesNotContain("Seq Scan");
        } finally {
            try (Connection c = PostgresTestConnection.open(); Statement s = c.createStatement()) {
                s.execute("DELETE FROM memories WHERE id LIKE 'idx-%'");
            }
        }
    }

    private String plan(String sql, Object... args) throws SQLException {
        try (Connection c = PostgresTestConnection.open(); PreparedStatement ps = c.prepareStatement("EXPLAIN " + sql)) {
            for (int i = 0; i < args.length; i++) {
                Object a = args[i];
                if (a instanceof String[] array) {
                    ps.setArray(i + 1, c.createArrayOf("text", array));
                } else if (a instanceof Instant t) {
                    ps.setObject(i + 1, OffsetDateTime.ofInstant(t, ZoneOffset.UTC));
                } else {
                    ps.setObject(i + 1, a);
                }
            }
            StringBuilder plan = new StringBuilder();
            try (ResultSet rs = ps.executeQuery()) {
                while (rs.next()) {
                    plan.append(rs.getString(1)).append('\n');
                }
            }
            return plan.toString();
        }
    }

    private List<String> strings(String sql) throws SQLException {
        try (Connection c = PostgresTestConnection.open(); Statement s = c.createStatement();
             ResultSet rs = s.executeQuery(sql)) {
            List<String> out = new ArrayList<>();
            while (rs.next()) {
                out.add(rs.getString(1));
            }
            return out;
        }
    }

    private static RawMessage raw(String profileId) {
        return new RawMessage(java.util.UUID.randomUUID().toString(), profileId, null, null, Source.EXPLICIT, "x", T0,
                T0, FeedbackOutcome.UNCLASSIFIED, null, List.of(), List.of());
    }
}
