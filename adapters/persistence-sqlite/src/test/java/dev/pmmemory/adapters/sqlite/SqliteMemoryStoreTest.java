package dev.pmmemory.adapters.sqlite;

import static org.assertj.core.api.Assertions.assertThat;

import dev.pmmemory.application.port.in.FeedbackResult;
import dev.pmmemory.application.port.out.AuditEvent;
import dev.pmmemory.application.port.out.FeedbackOutcome;
import dev.pmmemory.application.port.out.RawMessage;
import dev.pmmemory.application.service.FeedbackIntake;
import dev.pmmemory.application.testing.UseCases;
import dev.pmmemory.domain.memory.Memory;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
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
        Path file = dir.resolve("memory.db");
        try (SqliteMemoryStore store = SqliteMemoryStore.open(file, CLOCK)) {
            assertThat(store.schemaVersion()).isEqualTo(1);
            UseCases.feedbackIntake(store, CLOCK).add(UseCases.feedback(P, "以后少推国内大模型", T0));
        }

        Clock later = Clock.fixed(Instant.parse("2026-06-01T00:00:00Z"), ZoneOffset.UTC);
        try (SqliteMemoryStore reopened = SqliteMemoryStore.open(file, later)) {
            assertThat(reopened.schemaVersion()).isEqualTo(1);
            assertThat(reopened.read(tx -> tx.memories().countByProfile(P)).longValue()).isEqualTo(1);
            assertThat(reopened.read(tx -> tx.rawMessages().countByProfile(P)).longValue()).isEqualTo(1);
        }
        try (SqliteMemoryStore again = SqliteMemoryStore.open(file, later)) {
            assertThat(again.schemaVersion()).isEqualTo(1);
        }

        try (Connection c = plainConnection(file);
             Statement s = c.createStatement();
             ResultSet rs = s.executeQuery("SELECT version, applied_at FROM schema_version")) {
            List<long[]> rows = new ArrayList<>();
            while (rs.next()) {
                rows.add(new long[] {rs.getLong(1), rs.getLong(2)});
            }
            assertThat(rows).hasSize(1);
            assertThat(rows.get(0)[0]).isEqualTo(1);
            assertThat(rows.get(0)[1]).isEqualTo(CLOCK.instant().toEpochMilli()); // applied at the first open only
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

        // the same shape as SqliteMemories.findRecallCandidates
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

    private static Connection plainConnection(Path file) throws SQLException {
        return DriverManager.getConnection("jdbc:sqlite:" + file.toAbsolutePath());
    }
}
