package dev.pmmemory.adapters.sqlite;

import dev.pmmemory.domain.recall.RecallWindow;
import dev.pmmemory.adapters.jdbc.JdbcMemories;
import dev.pmmemory.adapters.jdbc.KeptStatements;
import dev.pmmemory.adapters.jdbc.RankingRows;
import dev.pmmemory.adapters.jdbc.Sql;
import dev.pmmemory.adapters.jdbc.VectorCache;
import static org.assertj.core.api.Assertions.assertThat;

import dev.pmmemory.application.port.in.FeedbackResult;
import dev.pmmemory.application.port.in.AuditEvent;
import dev.pmmemory.application.model.FeedbackOutcome;
import dev.pmmemory.application.port.in.RawMessage;
import dev.pmmemory.application.service.FeedbackIntake;
import dev.pmmemory.application.testing.UseCases;
import dev.pmmemory.domain.memory.Memory;
import dev.pmmemory.domain.memory.EntityKey;
import dev.pmmemory.domain.memory.MemoryStatus;
import dev.pmmemory.domain.memory.MemoryType;
import dev.pmmemory.domain.memory.PendingReason;
import dev.pmmemory.domain.memory.Source;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.lang.reflect.Proxy;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import java.util.function.Consumer;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** What only a file-backed store has: durability, migrations, WAL, folder creation, the recall index. */
class SqliteMemoryStoreTest {
    private static final String P = "pm-alice";
    private static final Instant T0 = Instant.parse("2026-05-01T08:00:00Z");
    private static final Clock CLOCK = Clock.fixed(Instant.parse("2026-05-02T00:00:00Z"), ZoneOffset.UTC);

    @TempDir
    Path dir;

    @Test
    void dataSurvivesCloseAndReopen() {
        Path file = dir.resolve("memory.db");
        FeedbackResult created;
        try (SqliteMemoryStore store = SqliteMemoryStore.open(file, CLOCK)) {
            FeedbackIntake intake = UseCases.feedbackIntake(store, CLOCK);
            created = intake.add(UseCases.feedbackWithId(P, "OpenAI 估值高", T0, "msg-1"));
            intake.add(UseCases.feedback(P, "OpenAI 估值高！", T0.plusSeconds(60)));
        }

        try (SqliteMemoryStore reopened = SqliteMemoryStore.open(file, CLOCK)) {
            String memoryId = created.memory().orElseThrow().memory().id();
            Memory m = reopened.read(tx -> tx.memories().findById(P, memoryId)).orElseThrow();
            assertThat(m.weight()).isEqualTo(2);
            assertThat(m.lastSeenAt()).isEqualTo(T0.plusSeconds(60));
            assertThat(m.entities()).containsExactly("OpenAI");
            Optional<RawMessage> raw = reopened.read(tx -> tx.rawMessages().findByMessageId(P, "msg-1"));
            assertThat(raw).map(RawMessage::id).contains(created.rawMessageId());
            List<AuditEvent> events = reopened.read(tx -> tx.auditTrail().forMemory(P, memoryId));
            assertThat(events).hasSize(2);

            // idempotency survives a restart too
            FeedbackResult retried = UseCases.feedbackIntake(reopened, CLOCK)
                    .add(UseCases.feedbackWithId(P, "OpenAI 估值高", T0, "msg-1"));
            assertThat(retried.outcome()).isEqualTo(FeedbackOutcome.REPLAYED);
            assertThat(retried.rawMessageId()).isEqualTo(created.rawMessageId());
        }
    }

    @Test
    void reopeningAMigratedFileDoesNotMigrateAgain() throws SQLException {
        final int LATEST = SqliteSchema.MIGRATIONS.get(SqliteSchema.MIGRATIONS.size() - 1).version();
        // versions were allocated across branches, so the numbering may have gaps
        List<Integer> versions = SqliteSchema.MIGRATIONS.stream().map(SqliteSchema.Migration::version).toList();
        Path file = dir.resolve("memory.db");
        try (SqliteMemoryStore store = SqliteMemoryStore.open(file, CLOCK)) {
            assertThat(store.schemaVersion()).isEqualTo(LATEST);
            UseCases.feedbackIntake(store, CLOCK).add(UseCases.feedback(P, "以后少推国内大模型", T0));
        }

        Clock later = Clock.fixed(Instant.parse("2026-06-01T00:00:00Z"), ZoneOffset.UTC);
        try (SqliteMemoryStore reopened = SqliteMemoryStore.open(file, later)) {
            assertThat(reopened.schemaVersion()).isEqualTo(LATEST);
            assertThat(reopened.read(tx -> tx.memories().countByProfile(P)).longValue()).isEqualTo(1);
            assertThat(reopened.read(tx -> tx.rawMessages().countByProfile(P)).longValue()).isEqualTo(1);
        }
        try (SqliteMemoryStore again = SqliteMemoryStore.open(file, later)) {
            assertThat(again.schemaVersion()).isEqualTo(LATEST);
        }

        try (Connection c = plainConnection(file);
             Statement s = c.createStatement();
             ResultSet rs = s.executeQuery("SELECT version, applied_at FROM schema_version")) {
            List<long[]> rows = new ArrayList<>();
            while (rs.next()) {
                rows.add(new long[] {rs.getLong(1), rs.getLong(2)});
            }
            assertThat(rows).hasSize(versions.size());
            for (int i = 0; i < versions.size(); i++) {
                assertThat(rows.get(i)[0]).isEqualTo(versions.get(i).longValue());
                assertThat(rows.get(i)[1]).isEqualTo(CLOCK.instant().toEpochMilli()); // applied at the first open only
            }
        }
    }

    /** A file written by a build before semantic recall (schema 1) gains memory_vectors and keeps its data. */
    @Test
    void aVersionOneFileIsMigratedToVectorsKeepingItsMemories() throws SQLException {
        Path file = dir.resolve("v1.db");
        try (Connection c = plainConnection(file); Statement s = c.createStatement()) {
            s.execute("CREATE TABLE schema_version (version INTEGER PRIMARY KEY,"
                    + " description TEXT NOT NULL, applied_at INTEGER NOT NULL)");
            for (String sql : SqliteSchema.MIGRATIONS.get(0).statements()) {
                s.execute(sql);
            }
            s.execute("INSERT INTO schema_version VALUES (1, 'v1', 0)");
        }
        String id;
        try (SqliteMemoryStore store = SqliteMemoryStore.open(file, CLOCK)) {
            assertThat(store.schemaVersion()).isEqualTo(SqliteSchema.MIGRATIONS.get(SqliteSchema.MIGRATIONS.size() - 1)
                    .version());
            id = UseCases.feedbackIntake(store, CLOCK).add(UseCases.feedback(P, "以后少推国内大模型", T0))
                    .memory().orElseThrow().memory().id();
            store.write(P, tx -> {
                tx.vectors().put(P, id, "m", new float[] {0.5f, -2f});
                return null;
            });
            Map<String, float[]> found = store.read(tx -> tx.vectors().find(P, "m", List.of(id)));
            assertThat(found.get(id)).containsExactly(0.5f, -2f);
        }
        try (Connection c = plainConnection(file); Statement s = c.createStatement();
             ResultSet rs = s.executeQuery("SELECT hex(vector) FROM memory_vectors")) {
            assertThat(rs.next()).isTrue();
            assertThat(rs.getString(1)).as("little-endian float32").isEqualTo("0000003F000000C0");
        }
    }

    /** Rows written by a build before migration 26: pending decisions held by a conflict had no reason. */
    static final String LEGACY_PENDING_ROWS = "INSERT INTO memories (id, profile_id, type, content, normalized_content,"
            + " entities, keywords, weight, weight_bucket, status, source, created_at, last_seen_at, expires_at,"
            + " superseded_entity_keys, source_message_ids, term_count, pending_reason) VALUES"
            + " ('held', 'p1', 'project_advance', 'c', 'c', '', '', 1, 1, 'pending', 'inferred', 0, 0, 1, '', '', 0, NULL),"
            + " ('held-neg', 'p1', 'project_negative', 'c', 'c', '', '', 1, 1, 'pending', 'bot', 0, 0, 1, '', '', 0, NULL),"
            + " ('unsure', 'p1', 'project_negative', 'c', 'c', '', '', 1, 1, 'pending', 'explicit', 0, 0, 1, '', '', 0,"
            + " 'uncertain_type'),"
            + " ('active', 'p1', 'project_advance', 'c', 'c', '', '', 1, 1, 'active', 'explicit', 0, 0, 1, '', '', 0, NULL),"
            + " ('team', '~team:t1', 'project_advance', 'c', 'c', '', '', 1, 1, 'pending', 'explicit', 0, 0, 1, '', '', 0,"
            + " NULL),"
            + " ('derived', 'p1', 'long_term_preference', 'c', 'c', '', '', 1, 1, 'pending', 'inferred', 0, 0, 1, '', '',"
            + " 0, 'inferred')";

    /**
     * Migrations 26 and 27: a decision held pending before pending reasons existed is given the reason it was held
     * for (conflict), a team's pending memory the reason team_proposal; a reason already given and a memory not
     * pending are left as they are.
     */
    @Test
    void aDecisionHeldByAConflictBeforeReasonsExistedIsGivenTheConflictReason() throws SQLException {
        Path file = dir.resolve("v25.db");
        try (Connection c = plainConnection(file); Statement s = c.createStatement()) {
            s.execute("CREATE TABLE schema_version (version INTEGER PRIMARY KEY,"
                    + " description TEXT NOT NULL, applied_at INTEGER NOT NULL)");
            for (SqliteSchema.Migration m : SqliteSchema.MIGRATIONS) {
                if (m.version() < 26) {
                    for (String sql : m.statements()) {
                        s.execute(sql);
                    }
                    s.execute("INSERT INTO schema_version VALUES (" + m.version() + ", 'old', 0)");
                }
            }
            s.execute(LEGACY_PENDING_ROWS);
        }
        try (SqliteMemoryStore store = SqliteMemoryStore.open(file, CLOCK)) {
            assertThat(store.read(tx -> tx.memories().findById("p1", "held")).orElseThrow().pendingReason())
                    .isEqualTo(PendingReason.CONFLICT);
        }
        Map<String, String> reasons = new TreeMap<>();
        try (Connection c = plainConnection(file); Statement s = c.createStatement();
             ResultSet rs = s.executeQuery("SELECT id, pending_reason FROM memories")) {
            while (rs.next()) {
                reasons.put(rs.getString(1), String.valueOf(rs.getString(2)));
            }
        }
        assertThat(reasons).containsExactlyEntriesOf(new TreeMap<>(Map.of("held", "conflict", "held-neg", "conflict",
                "unsure", "uncertain_type", "active", "null", "team", "team_proposal", "derived", "inferred")));
    }

    /** A file of schema 2 (before experiences) gains the experience tables and keeps its memories. */
    @Test
    void aVersionTwoFileGainsExperiencesKeepingItsMemories() throws SQLException {
        Path file = dir.resolve("v2.db");
        try (Connection c = plainConnection(file); Statement s = c.createStatement()) {
            s.execute("CREATE TABLE schema_version (version INTEGER PRIMARY KEY,"
                    + " description TEXT NOT NULL, applied_at INTEGER NOT NULL)");
            for (SqliteSchema.Migration m : SqliteSchema.MIGRATIONS.subList(0, 2)) {
                for (String sql : m.statements()) {
                    s.execute(sql);
                }
                s.execute("INSERT INTO schema_version VALUES (" + m.version() + ", 'old', 0)");
            }
        }
        try (SqliteMemoryStore store = SqliteMemoryStore.open(file, CLOCK)) {
            UseCases.feedbackIntake(store, CLOCK).add(UseCases.feedback(P, "以后少推国内大模型", T0));
        }
        try (SqliteMemoryStore store = SqliteMemoryStore.open(file, CLOCK)) {
            assertThat(store.schemaVersion())
                    .isEqualTo(SqliteSchema.MIGRATIONS.get(SqliteSchema.MIGRATIONS.size() - 1).version());
            UseCases.experienceIntake(store, CLOCK).record(new dev.pmmemory.application.port.in.RecordExperienceCommand(
                    P, "推荐 OpenAI", "PM 拒绝", "先给对比估值", 0.7, null));
            assertThat(store.read(tx -> tx.memories().countByProfile(P)).longValue()).isEqualTo(1);
            List<dev.pmmemory.domain.experience.Experience> stored = store.read(tx -> tx.experiences().newestFirst(P, 10));
            assertThat(stored).extracting(dev.pmmemory.domain.experience.Experience::importance).containsExactly(0.7);
        }
    }

    @Test
    void theJournalModeIsWal() throws SQLException {
        Path file = dir.resolve("memory.db");
        try (SqliteMemoryStore store = SqliteMemoryStore.open(file, CLOCK)) {
            try (Connection c = plainConnection(file);
                 Statement s = c.createStatement();
                 ResultSet rs = s.executeQuery("PRAGMA journal_mode")) {
                assertThat(rs.next()).isTrue();
                assertThat(rs.getString(1)).isEqualToIgnoringCase("wal");
            }
        }
    }

    @Test
    void theFoldersOfTheFileAreCreatedWhenMissing() {
        Path file = dir.resolve("not").resolve("there").resolve("yet").resolve("memory.db");
        assertThat(file.getParent()).doesNotExist();

        try (SqliteMemoryStore store = SqliteMemoryStore.open(file, CLOCK)) {
            assertThat(store.isAvailable()).isTrue();
            UseCases.feedbackIntake(store, CLOCK).add(UseCases.feedback(P, "本周在路上", T0));
        }

        assertThat(file).exists();
        assertThat(Files.isRegularFile(file)).isTrue();
    }

    @Test
    void theRecallQueryIsServedByTheRecallIndex() throws SQLException {
        Path file = dir.resolve("memory.db");
        try (SqliteMemoryStore store = SqliteMemoryStore.open(file, CLOCK)) {
            FeedbackIntake intake = UseCases.feedbackIntake(store, CLOCK);
            for (int i = 0; i < 20; i++) {
                intake.add(UseCases.feedback(P + i % 3, "Company" + (char) ('A' + i) + " 估值高", T0.plusSeconds(i)));
            }
        }

        // the same shape as JdbcMemories.findRecallCandidates
        String sql = "EXPLAIN QUERY PLAN SELECT id, profile_id, type, content, normalized_content, entities, keywords,"
                + " weight, status, source, session_id, created_at, last_seen_at, expires_at, valid_from, valid_until,"
                + " superseded_by, superseded_entity_keys, source_message_ids FROM memories"
                + " WHERE profile_id = ? AND expires_at > ? AND valid_from <= ?"
                + " AND (valid_until IS NULL OR valid_until > ?)";
        long t = T0.toEpochMilli();
        try (Connection c = plainConnection(file); PreparedStatement ps = c.prepareStatement(sql)) {
            ps.setString(1, P);
            ps.setLong(2, t);
            ps.setLong(3, t);
            ps.setLong(4, t);
            StringBuilder plan = new StringBuilder();
            try (ResultSet rs = ps.executeQuery()) {
                while (rs.next()) {
                    plan.append(rs.getString("detail")).append('\n');
                }
            }
            assertThat(plan.toString()).contains("memories_recall").doesNotContain("SCAN memories");
        }
    }

    @Test
    void readsDoNotWaitForAnOpenWrite() throws Exception {
        Path file = dir.resolve("memory.db");
        try (SqliteMemoryStore store = SqliteMemoryStore.open(file, CLOCK)) {
            UseCases.feedbackIntake(store, CLOCK).add(UseCases.feedback(P, "以后少推国内大模型", T0));
            java.util.concurrent.CountDownLatch writing = new java.util.concurrent.CountDownLatch(1);
            java.util.concurrent.CountDownLatch readDone = new java.util.concurrent.CountDownLatch(1);
            Thread writer = new Thread(() -> store.write(P, tx -> {
                tx.rawMessages().append(new RawMessage("r-x", P, null, null, dev.pmmemory.domain.memory.Source.EXPLICIT,
                        "x", T0, T0, FeedbackOutcome.UNCLASSIFIED, null, List.of(), List.of()));
                writing.countDown();
                try {
                    readDone.await(10, java.util.concurrent.TimeUnit.SECONDS);
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                }
                return null;
            }));
            writer.start();
            assertThat(writing.await(10, java.util.concurrent.TimeUnit.SECONDS)).isTrue();

            // WAL: a reader sees the last committed state while the write is still open
            long raws = store.read(tx -> tx.rawMessages().countByProfile(P));
            readDone.countDown();
            writer.join(10_000);

            assertThat(raws).isEqualTo(1);
            assertThat(store.read(tx -> tx.rawMessages().countByProfile(P)).longValue()).isEqualTo(2);
        }
    }

    // --- query plans of the recall finders ---------------------------------------------------------

    /** Experience recall reads the experiences sharing a term through experience_terms, not the profile's all. */
    @Test
    void theExperienceRecallQueryIsServedByTheTermIndex() throws SQLException {
        Path file = dir.resolve("memory.db");
        try (SqliteMemoryStore store = SqliteMemoryStore.open(file, CLOCK)) {
            for (String profile : List.of(P, "pm-bob")) {
                store.write(profile, tx -> {
                    for (int i = 0; i < 200; i++) {
                        tx.experiences().insert(new dev.pmmemory.domain.experience.Experience(profile + "-e" + i,
                                profile, "t", "o", "l", 0.5, List.of("term" + i % 40, "openai"), T0.plusSeconds(i)));
                    }
                    return null;
                });
            }
        }

        List<String> plans = plansOfStatements(file,
                c -> new SqliteExperiences(new Sql(new KeptStatements(c), SqliteDialect.INSTANCE))
                        .findSharingTerms(P, T0.plus(Duration.ofDays(1)), List.of("term7")));

        assertThat(plans).singleElement().asString()
                .contains("experience_terms_lookup")
                .doesNotContain("SCAN experiences")
                .doesNotContain("SCAN experience_terms");
    }

    /**
     * A few hundred memories of three profiles, with shared keywords and entities, so that the
     * planner has a real choice between indexes.
     */
    private static void manyMemories(SqliteMemoryStore store) {
        List<String> entities = List.of("OpenAI", "Anthropic", "Mistral AI", "智谱");
        List<String> terms = List.of("估值", "值高", "推进", "海外", "早期", "项目", "大模型", "商业");
        MemoryType[] types = MemoryType.values();
        for (String profile : List.of(P, "pm-bob", "pm-carol")) {
            store.write(profile, tx -> {
                for (int i = 0; i < 120; i++) {
                    String entity = entities.get(i % entities.size());
                    MemoryType type = types[i % types.length];
                    Instant seen = T0.plus(Duration.ofHours(i));
                    boolean superseded = i % 7 == 0;
                    tx.memories().insert(new Memory.Builder()
                            .id(profile + "-m" + i)
                            .profileId(profile)
                            .type(type)
                            .content(entity + " " + i)
                            .normalizedContent(EntityKey.of(entity) + i)
                            .entities(List.of(entity))
                            .keywords(List.of(EntityKey.of(entity), terms.get(i % terms.size()),
                                    terms.get((i * 3 + 1) % terms.size())))
                            .weight(1 + i % 13)
                            .status(superseded ? MemoryStatus.SUPERSEDED : MemoryStatus.ACTIVE)
                            .source(Source.EXPLICIT)
                            .createdAt(seen)
                            .lastSeenAt(seen)
                            .validFrom(seen)
                            .validUntil(superseded ? seen.plus(Duration.ofDays(1)) : null)
                            .expiresAt(type == MemoryType.LONG_TERM_PREFERENCE ? null : seen.plus(Duration.ofDays(30)))
                            .sourceMessageIds(List.of("raw-" + i))
                            .build());
                }
                return null;
            });
        }
    }

    /** One statement JdbcMemories ran: its SQL and the arguments bound to it. */
    private record Ran(String sql, Map<Integer, Object> args) {
    }

    /**
     * Runs {@code finder} on a JdbcMemories whose connection records every query it runs, then
     * returns the EXPLAIN QUERY PLAN of each (same SQL, same arguments) as text.
     */
    private List<String> plansOf(Path file, Consumer<JdbcMemories> finder) throws SQLException {
        return plansOfStatements(file, c -> finder.accept(new JdbcMemories(new Sql(new KeptStatements(c), SqliteDialect.INSTANCE), new VectorCache(0),
                new RankingRows(0), () -> { })));
    }

    /** As {@link #plansOf}, for any repository built on the recording connection. */
    private List<String> plansOfStatements(Path file, Consumer<Connection> work) throws SQLException {
        try (Connection c = plainConnection(file)) {
            List<Ran> ran = new ArrayList<>();
            work.accept(recording(c, ran));
            assertThat(ran).as("statements run").isNotEmpty();
            List<String> plans = new ArrayList<>();
            for (Ran r : ran) {
                try (PreparedStatement ps = c.prepareStatement("EXPLAIN QUERY PLAN " + r.sql())) {
                    for (Map.Entry<Integer, Object> arg : r.args().entrySet()) {
                        ps.setObject(arg.getKey(), arg.getValue());
                    }
                    StringBuilder plan = new StringBuilder();
                    try (ResultSet rs = ps.executeQuery()) {
                        while (rs.next()) {
                            plan.append(rs.getString("detail")).append('\n');
                        }
                    }
                    plans.add(plan.toString());
                }
            }
            return plans;
        }
    }

    private static Connection recording(Connection real, List<Ran> ran) {
        return (Connection) Proxy.newProxyInstance(SqliteMemoryStoreTest.class.getClassLoader(),
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
        return (PreparedStatement) Proxy.newProxyInstance(SqliteMemoryStoreTest.class.getClassLoader(),
                new Class<?>[] {PreparedStatement.class}, (proxy, method, args) -> {
                    if (method.getName().startsWith("set") && args != null && args.length == 2
                            && args[0] instanceof Integer index) {
                        bound.put(index, args[1]);
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

    private Path fileWithManyMemories() {
        Path file = dir.resolve("memory.db");
        try (SqliteMemoryStore store = SqliteMemoryStore.open(file, CLOCK)) {
            manyMemories(store);
        }
        return file;
    }

    /** Neither a walk over the memories table nor over a profile's whole visible history. */
    private static void assertNoScan(String plan) {
        assertThat(plan).doesNotContain("SCAN memories").doesNotContain("memories_recall");
    }

    @Test
    void thePickedMemoriesAreReadByPrimaryKeyNotByWalkingTheProfile() throws SQLException {
        Path file = fileWithManyMemories();

        List<String> plans = plansOf(file, m -> m.findByIds(P, List.of("m1", "m2", "m3")));

        assertThat(plans).singleElement().satisfies(plan -> {
            assertThat(plan).containsPattern("SEARCH memories USING (INDEX sqlite_autoindex_memories_1|INTEGER PRIMARY KEY)"
                    + " \\(id=\\?\\)");
            assertNoScan(plan);
        });
    }

    @Test
    void theSharedTermsQueryGoesFromTheTermLookupToThePrimaryKey() throws SQLException {
        Path file = fileWithManyMemories();
        Instant asOf = T0.plus(Duration.ofDays(3));

        List<String> plans = plansOf(file, m -> m.findVisibleSharingTerms(P, RecallWindow.present(asOf), List.of("估值", "openai", "海外")));

        assertThat(plans).singleElement().satisfies(plan -> {
            assertThat(plan).contains("memory_terms_lookup")
                    .containsPattern("SEARCH memories USING (INDEX sqlite_autoindex_memories_1|INTEGER PRIMARY KEY)"
                            + " \\(id=\\?\\)")
                    .doesNotContain("SCAN memory_terms");
            assertNoScan(plan);
        });
    }

    @Test
    void theEntityQueryGoesFromTheEntityLookupToThePrimaryKey() throws SQLException {
        Path file = fileWithManyMemories();
        Instant asOf = T0.plus(Duration.ofDays(3));

        List<String> plans = plansOf(file, m -> m.findVisibleAbout(P, RecallWindow.present(asOf), "openai"));

        assertThat(plans).singleElement().satisfies(plan -> {
            assertThat(plan).contains("memory_entities_lookup")
                    .contains("SEARCH memories USING INDEX sqlite_autoindex_memories_1 (id=?)")
                    .doesNotContain("SCAN memory_entities");
            assertNoScan(plan);
        });
    }

    @Test
    void eachPerGroupQueryReadsOneShortRangeOfTheRecencyIndexInOrder() throws SQLException {
        Path file = fileWithManyMemories();
        Instant asOf = T0.plus(Duration.ofDays(3));

        List<String> plans = plansOf(file, m -> m.findMostRecentVisiblePerGroup(P, RecallWindow.present(asOf), 3));

        // one kept statement run once per (type, weight bucket), each run one short range of the index
        assertThat(plans).hasSize(MemoryType.values().length * 10).allSatisfy(plan -> {
            assertThat(plan).contains("memories_recency (profile_id=? AND type=? AND weight_bucket=?)");
            assertThat(plan).doesNotContain("TEMP B-TREE"); // the index already gives last_seen_at desc, id
            assertNoScan(plan);
        });
    }

    @Test
    void theDedupLookupUsesTheDedupIndex() throws SQLException {
        Path file = fileWithManyMemories();

        List<String> plans = plansOf(file, m -> m.findDuplicatesVisibleDuring(P, MemoryType.PROJECT_NEGATIVE,
                "openai1", T0, null));

        assertThat(plans).singleElement().satisfies(plan -> {
            assertThat(plan).contains(
                    "memories_dedup (profile_id=? AND type=? AND normalized_content=?)");
            assertNoScan(plan);
        });
    }

    @Test
    void theConflictLookupGoesFromTheEntityLookupToThePrimaryKey() throws SQLException {
        Path file = fileWithManyMemories();

        List<String> plans = plansOf(file,
                m -> m.findByEntitiesVisibleDuring(P, MemoryType.PROJECT_NEGATIVE, List.of("openai", "anthropic"),
                        T0, null));

        assertThat(plans).singleElement().satisfies(plan -> {
            assertThat(plan).contains("memory_entities_lookup")
                    .contains("SEARCH memories USING INDEX sqlite_autoindex_memories_1 (id=?)");
            assertNoScan(plan);
        });
    }

    @Test
    void thePlansAreOfTheQueriesThatReallyRan() throws SQLException {
        // the recording connection sees what JdbcMemories runs, and the finders still answer through it
        Path file = fileWithManyMemories();
        Instant asOf = T0.plus(Duration.ofDays(3));
        List<Memory> found = new ArrayList<>();

        plansOf(file, m -> found.addAll(m.findVisibleSharingTerms(P, RecallWindow.present(asOf), List.of("openai"))));

        assertThat(found).isNotEmpty().allSatisfy(m -> {
            assertThat(m.profileId()).isEqualTo(P);
            assertThat(m.keywords()).contains("openai");
        });
    }

    private static Connection plainConnection(Path file) throws SQLException {
        return DriverManager.getConnection("jdbc:sqlite:" + file.toAbsolutePath());
    }
}
