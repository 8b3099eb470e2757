package dev.pmmemory.bootstrap;

import dev.pmmemory.domain.recall.RecallWindow;
import static org.assertj.core.api.Assertions.assertThat;

import dev.pmmemory.adapters.jdbc.JdbcMemories;
import dev.pmmemory.adapters.jdbc.RankingRows;
import dev.pmmemory.adapters.jdbc.Sql;
import dev.pmmemory.adapters.jdbc.Statements;
import dev.pmmemory.adapters.jdbc.VectorCache;
import dev.pmmemory.adapters.postgres.PostgresDialect;
import dev.pmmemory.adapters.postgres.PostgresMemoryStore;
import dev.pmmemory.application.port.out.MemoryListQuery;
import dev.pmmemory.domain.memory.MemoryType;
import dev.pmmemory.application.model.FeedbackOutcome;
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
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.lang.reflect.Proxy;
import java.util.Map;
import java.util.TreeMap;
import java.util.function.Consumer;
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
     * Every table is the migrations', and Flyway's history records each script once (a database the
     * earlier runner migrated is adopted: PostgresMigrationsTest).
     */
    @Test
    void theSchemaIsTheMigrationsAndEachIsRecordedOnce() throws SQLException {
        PostgresMemoryStore postgres = (PostgresMemoryStore) store;
        int latest = Integer.parseInt(strings("SELECT max(CAST(version AS integer)) FROM flyway_schema_history"
                + " WHERE success").get(0));

        assertThat(postgres.schemaVersion()).isEqualTo(latest).isGreaterThanOrEqualTo(11);
        List<String> tables = strings("SELECT tablename FROM pg_tables WHERE schemaname = current_schema() ORDER BY 1");
        List<String> migrations = List.of("audit_events", "entity_names", "experiences", "facts", "flyway_schema_history",
                "job_runs", "key_checks", "memories", "memory_entities", "memory_terms", "memory_vectors", "profile_versions",
                "raw_messages",
                "registered_entities", "team_authors", "team_members");
        assertThat(tables).containsAll(migrations);
        assertThat(tables).as("nothing but the migrations' tables (and the earlier runner's, once adopted)")
                .allSatisfy(t -> assertThat(t).isIn(concat(migrations, List.of("schema_version",
                        "flyway_schema_history_superseded"))));
        assertThat(strings("SELECT count(*) = count(DISTINCT version) FROM flyway_schema_history WHERE version IS NOT NULL"))
                .containsExactly("t");
    }

    private static List<String> concat(List<String> a, List<String> b) {
        List<String> all = new java.util.ArrayList<>(a);
        all.addAll(b);
        return all;
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
     * The statements the shared memories repository runs on PostgreSQL are served by their indexes once a
     * table holds many profiles' memories, not by reading the table: each is recorded as it runs, then
     * EXPLAINed with the same arguments.
     */
    @Test
    void recallQueriesAreServedByTheirIndexes() throws SQLException {
        try (Connection c = PostgresTestConnection.open(); Statement s = c.createStatement()) {
            s.execute("DELETE FROM memories WHERE id LIKE 'idx-%'");
            s.execute("""
                    INSERT INTO memories (id, profile_id, type, content, normalized_content, entities, keywords, weight,
                      weight_bucket, status, source, created_at, last_seen_at, expires_at, valid_from,
                      superseded_entity_keys, source_message_ids, term_count)
                    SELECT 'idx-' || g, 'idx-p' || (g % 50),
                      (ARRAY['project_negative', 'project_advance', 'temp_status', 'long_term_preference'])[1 + g % 4],
                      'c' || g, 'c' || g, 'E' || (g % 400), 't' || (g % 600) || chr(31) || 'k' || (g % 7), 1 + g % 12,
                      least(1 + g % 12, 10), 'active', 'explicit', 1777622400000 - g * 60000, 1777622400000 - g * 60000,
                      CASE WHEN g % 4 = 3 THEN 9223372036854775807 ELSE 1780300800000 END, 1775030400000, '', '', 2
                    FROM generate_series(1, 20000) g""");
            s.execute("""
                    INSERT INTO memory_terms (memory_id, profile_id, term, partly, type, weight, last_seen_at, term_count,
                      expires_at, valid_from, valid_until)
                    SELECT m.id, m.profile_id, t.term, false, m.type, m.weight, m.last_seen_at, 2, m.expires_at,
                      m.valid_from, NULL FROM memories m CROSS JOIN LATERAL unnest(string_to_array(m.keywords, chr(31)))
                      AS t(term) WHERE m.id LIKE 'idx-%'""");
            s.execute("INSERT INTO memory_entities (memory_id, profile_id, entity_key) SELECT id, profile_id,"
                    + " lower(entities) FROM memories WHERE id LIKE 'idx-%'");
            s.execute("ANALYZE memories");
            s.execute("ANALYZE memory_terms");
            s.execute("ANALYZE memory_entities");
        }
        try {
            Instant asOf = Instant.ofEpochMilli(1777622400000L);
            assertThat(plans(m -> m.findVisibleSharingTerms("idx-p7", RecallWindow.present(asOf), List.of("t7", "t57"))))
                    .allSatisfy(p -> assertThat(p).contains("memory_terms_lookup").doesNotContain("Seq Scan"));
            assertThat(plans(m -> m.findVisibleAbout("idx-p7", RecallWindow.present(asOf), "e7")))
                    .allSatisfy(p -> assertThat(p).contains("memory_entities_lookup").doesNotContain("Seq Scan"));
            assertThat(plans(m -> m.findByEntitiesVisibleDuring("idx-p7", MemoryType.PROJECT_ADVANCE,
                    List.of("e7", "e57"), asOf, null)))
                    .allSatisfy(p -> assertThat(p).contains("memory_entities_lookup").doesNotContain("Seq Scan"));
            assertThat(plans(m -> m.findMostRecentVisiblePerGroupKeys("idx-p7", RecallWindow.present(asOf), 5)))
                    .allSatisfy(p -> assertThat(p).contains("memories_recency").doesNotContain("Seq Scan on memories"));
            assertThat(plans(m -> m.findVisibleTermMatches("idx-p7", RecallWindow.present(asOf), List.of("t7", "k3"))))
                    .allSatisfy(p -> assertThat(p).contains("memory_terms_lookup").doesNotContain("Seq Scan"));
            // every visible memory of one profile: any index keyed by the profile serves it (the
            // planner prefers the smallest), never a scan of everyone's memories
            assertThat(plans(m -> m.findVisible("idx-p7", asOf)))
                    .allSatisfy(p -> assertThat(p).containsPattern("Index Cond: \\(+profile_id = ").doesNotContain("Seq Scan"));
            assertThat(plans(m -> m.list(new MemoryListQuery("idx-p7", null, null, null,
                    new dev.pmmemory.application.port.in.PagePosition(asOf, "idx-9"), 20, asOf))))
                    .allSatisfy(p -> assertThat(p).contains("memories_newest").doesNotContain("Seq Scan"));
        } finally {
            try (Connection c = PostgresTestConnection.open(); Statement s = c.createStatement()) {
                s.execute("DELETE FROM memories WHERE id LIKE 'idx-%'");
            }
        }
    }

    /** One statement the repository ran: its SQL and the arguments bound to it. */
    private record Ran(String sql, Map<Integer, Object> args) {
    }

    /** Runs {@code finder} on the shared repository over a recording connection; the EXPLAIN of each statement it ran. */
    private List<String> plans(Consumer<JdbcMemories> finder) throws SQLException {
        try (Connection c = PostgresTestConnection.open()) {
            List<Ran> ran = new ArrayList<>();
            finder.accept(new JdbcMemories(new Sql(Statements.preparedPerUse(recording(c, ran)), PostgresDialect.INSTANCE),
                    new VectorCache(0), new RankingRows(0), () -> { }));
            assertThat(ran).as("statements run").isNotEmpty();
            List<String> plans = new ArrayList<>();
            for (Ran r : ran) {
                try (PreparedStatement ps = c.prepareStatement("EXPLAIN " + r.sql())) {
                    for (Map.Entry<Integer, Object> arg : r.args().entrySet()) {
                        ps.setObject(arg.getKey(), arg.getValue());
                    }
                    StringBuilder plan = new StringBuilder();
                    try (ResultSet rs = ps.executeQuery()) {
                        while (rs.next()) {
                            plan.append(rs.getString(1)).append('\n');
                        }
                    }
                    plans.add(plan.toString());
                }
            }
            return plans;
        }
    }

    private static Connection recording(Connection real, List<Ran> ran) {
        return (Connection) Proxy.newProxyInstance(PostgresStoreTest.class.getClassLoader(),
                new Class<?>[] {Connection.class}, (proxy, method, args) -> {
                    Object result = invoke(real, method, args);
                    if (method.getName().equals("prepareStatement") && args.length == 1) {
                        return recordingStatement((PreparedStatement) result, (String) args[0], ran);
                    }
                    return result;
                });
    }

    private static PreparedStatement recordingStatement(PreparedStatement real, String sql, List<Ran> ran) {
        Map<Integer, Object> bound = new TreeMap<>();
        return (PreparedStatement) Proxy.newProxyInstance(PostgresStoreTest.class.getClassLoader(),
                new Class<?>[] {PreparedStatement.class}, (proxy, method, args) -> {
                    if (method.getName().startsWith("set") && args != null && args.length >= 2
                            && args[0] instanceof Integer index) {
                        bound.put(index, method.getName().equals("setNull") ? null : args[1]);
                    }
                    if (method.getName().equals("executeQuery") && (args == null || args.length == 0)) {
                        ran.add(new Ran(sql, new TreeMap<>(bound)));
                    }
                    return invoke(real, method, args);
                });
    }

    private static Object invoke(Object target, Method method, Object[] args) throws Throwable {
        try {
            return method.invoke(target, args);
        } catch (InvocationTargetException e) {
            throw e.getCause();
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
