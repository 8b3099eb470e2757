package dev.pmmemory.bootstrap;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.pmmemory.adapters.encryption.AesGcmFieldProtection;
import dev.pmmemory.adapters.encryption.Keyset;
import dev.pmmemory.adapters.sqlite.SqliteMemoryStore;
import dev.pmmemory.application.model.AuditKind;
import dev.pmmemory.application.model.FeedbackOutcome;
import dev.pmmemory.application.port.in.AuditEvent;
import dev.pmmemory.application.port.in.RawMessage;
import dev.pmmemory.application.port.in.ReencryptionStatus;
import dev.pmmemory.application.port.out.FieldProtection;
import dev.pmmemory.application.port.out.MemoryStore;
import dev.pmmemory.application.service.Reencryption;
import dev.pmmemory.domain.fact.Fact;
import dev.pmmemory.domain.memory.Memory;
import dev.pmmemory.domain.memory.MemoryStatus;
import dev.pmmemory.domain.memory.MemoryType;
import dev.pmmemory.domain.memory.Source;
import dev.pmmemory.domain.recall.RecallWindow;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import java.nio.file.Path;

/**
 * Key rotation on a SQLite file: a new primary key seals new writes at once, lookups find rows under either key
 * meanwhile, the re-encryption job moves the old rows in batches, a crash in the middle loses nothing (the job run
 * again finishes), and once it reports no rows under the old key that key can be dropped from the keyset.
 */
class SqliteKeyRotationTest {
    private static final Instant T0 = Instant.parse("2026-05-01T08:00:00Z");
    private static final Clock CLOCK = Clock.fixed(Instant.parse("2026-05-20T00:00:00Z"), ZoneOffset.UTC);
    private static final String P = "pm-alice";
    private static final int MEMORIES = 23;

    private static final String OLD = "primary ka\nka " + EncryptedStoreContract.KEY + "\n";
    private static final String BOTH = "primary kb\nka " + EncryptedStoreContract.KEY + "\nkb "
            + EncryptedStoreContract.OTHER_KEY + "\n";
    private static final String NEW = "primary kb\nkb " + EncryptedStoreContract.OTHER_KEY + "\n";

    @TempDir
    Path dir;

    private SqliteMemoryStore open(FieldProtection protection) {
        return SqliteMemoryStore.open(dir.resolve("memory.db"), CLOCK, protection);
    }

    private static FieldProtection keys(String keysetFile) {
        return new AesGcmFieldProtection(Keyset.parse(keysetFile));
    }

    private static Memory memory(int i) {
        String id = "m" + String.format("%02d", i);
        return new Memory.Builder().id(id).profileId(P).type(MemoryType.PROJECT_NEGATIVE)
                .content("content of " + id).normalizedContent("content of " + id)
                .entities(List.of("Entity" + i)).keywords(List.of("term" + i, "shared")).weight(1)
                .status(MemoryStatus.ACTIVE).source(Source.EXPLICIT).createdAt(T0).lastSeenAt(T0).validFrom(T0)
                .expiresAt(T0.plus(Duration.ofDays(30))).sourceMessageIds(List.of("raw-" + id)).build();
    }

    private static void write(MemoryStore store, int from, int to) {
        store.write(P, tx -> {
            for (int i = from; i < to; i++) {
                Memory m = memory(i);
                tx.memories().insert(m);
                tx.rawMessages().append(new RawMessage("raw-" + m.id(), P, "msg-" + m.id(), null, Source.EXPLICIT,
                        "message " + m.id(), T0, T0, FeedbackOutcome.CREATED, m.id(), List.of(), List.of()));
                tx.facts().insert(new Fact("f-" + m.id(), P, "attr_" + m.id(), "value " + m.id(), 0.5,
                        Source.EXPLICIT, T0, null, null, T0, "pm"));
                tx.auditTrail().record(new AuditEvent("a-" + m.id(), P, m.id(), null, AuditKind.MEMORY_CREATED,
                        "type=project_negative", T0, "pm", null, "after " + m.id()));
            }
            return null;
        });
    }

    /** Everything written reads back as written, and is found by its terms, entity and dedup key. */
    private static void assertAllReadable(MemoryStore store) {
        store.read(tx -> {
            for (int i = 0; i < MEMORIES; i++) {
                Memory m = memory(i);
                assertThat(tx.memories().findById(P, m.id()).orElseThrow().content()).isEqualTo(m.content());
                assertThat(tx.rawMessages().findByMessageId(P, "msg-" + m.id()).orElseThrow().content())
                        .isEqualTo("message " + m.id());
                assertThat(tx.facts().latest(P, "attr_" + m.id()).orElseThrow().value()).isEqualTo("value " + m.id());
                assertThat(tx.auditTrail().forMemory(P, m.id())).singleElement()
                        .extracting(AuditEvent::after).isEqualTo("after " + m.id());
                assertThat(tx.memories().findDuplicatesVisibleDuring(P, m.type(), m.normalizedContent(), T0, null))
                        .extracting(Memory::id).containsExactly(m.id());
                assertThat(tx.memories().findAllAbout(P, m.entityKeys().iterator().next()))
                        .extracting(Memory::id).containsExactly(m.id());
            }
            assertThat(tx.memories().findVisibleSharingTerms(P, RecallWindow.present(CLOCK.instant()),
                    List.of("shared"))).hasSize(MEMORIES);
            return null;
        });
    }

    @Test
    void rotationMidWayThroughACrashedJobLosesNothing() {
        try (SqliteMemoryStore store = open(keys(OLD))) {
            write(store, 0, 15);
        }
        FieldProtection both = keys(BOTH);
        try (SqliteMemoryStore store = open(both)) {
            write(store, 15, MEMORIES); // new writes: under the new primary at once
            ReencryptionStatus before = new Reencryption(store, both, CLOCK).status();
            assertThat(before.primaryKeyId()).isEqualTo("kb");
            assertThat(before.rowsByKey()).containsEntry("ka", 15L * 4).containsEntry("kb", 8L * 4);
            assertThat(before.rowsToReseal()).isEqualTo(15L * 4);
            assertAllReadable(store); // lookups try both keys' blind indexes meanwhile
        }

        // the job dies in the middle of a batch (the process is killed): that transaction is rolled back
        CrashingProtection crashing = new CrashingProtection(keys(BOTH), 40);
        try (SqliteMemoryStore store = open(crashing)) {
            assertThatThrownBy(() -> new Reencryption(store, crashing, CLOCK, 4).run())
                    .isInstanceOf(IllegalStateException.class).hasMessageContaining("killed");
        }
        try (SqliteMemoryStore store = open(both)) {
            ReencryptionStatus halfWay = new Reencryption(store, both, CLOCK).status();
            assertThat(halfWay.rowsToReseal()).isBetween(1L, 15L * 4 - 1); // some batches committed, some not
            assertAllReadable(store);

            var report = new Reencryption(store, both, CLOCK, 4).run(); // restarted: finishes
            assertThat(report.changed()).isEqualTo(halfWay.rowsToReseal());
            ReencryptionStatus after = new Reencryption(store, both, CLOCK).status();
            assertThat(after.rowsToReseal()).isZero();
            assertThat(after.rowsByKey()).doesNotContainKey("ka").containsEntry("kb", (long) MEMORIES * 4);
            assertThat(new Reencryption(store, both, CLOCK).run().changed()).isZero(); // idempotent
        }
        // the old key retired: the store starts on the new key alone and everything is still there
        FieldProtection newOnly = keys(NEW);
        try (SqliteMemoryStore store = open(newOnly)) {
            assertAllReadable(store);
        }
    }
}
