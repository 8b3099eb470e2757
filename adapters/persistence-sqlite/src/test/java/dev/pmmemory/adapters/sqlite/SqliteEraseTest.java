package dev.pmmemory.adapters.sqlite;

import dev.pmmemory.application.testing.TestCommands;
import static org.assertj.core.api.Assertions.assertThat;

import dev.pmmemory.application.port.in.EraseProfile.Erasure;
import dev.pmmemory.application.port.in.RecordExperienceCommand;
import dev.pmmemory.application.service.FeedbackIntake;
import dev.pmmemory.application.service.ProfileDataRights;
import dev.pmmemory.application.testing.UseCases;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Data rights on SQLite: after an erase the text is in neither the database file nor its WAL. */
class SqliteEraseTest {
    private static final String P = "pm-erased";
    private static final String OTHER = "pm-kept";
    private static final Instant T0 = Instant.parse("2026-05-01T08:00:00Z");
    private static final Clock CLOCK = Clock.fixed(Instant.parse("2026-05-02T00:00:00Z"), ZoneOffset.UTC);
    /** Unique strings: found only where the profile's text is stored. */
    private static final String MARKER = "qzxmarker7731";
    private static final String CORRECTED = "qzxcorrected4410";
    private static final String UNCLASSIFIED = "qzxunclassified5526";
    private static final String LESSON = "qzxlesson9183";
    private static final String KEPT = "qzxkept2208";
    private static final String FACT = "qzxfact6612";

    @TempDir
    Path dir;

    @Test
    void afterAnEraseTheProfilesTextIsInNeitherTheFileNorItsWal() throws IOException {
        Path file = dir.resolve("memory.db");
        try (SqliteMemoryStore store = SqliteMemoryStore.open(file, CLOCK)) {
            FeedbackIntake intake = UseCases.feedbackIntake(store, CLOCK);
            String id = intake.add(UseCases.feedback(P, "OpenAI 估值高 " + MARKER, T0)).memory().orElseThrow()
                    .memory().id();
            intake.add(UseCases.feedback(P, "OpenAI 估值高 " + MARKER, T0.plusSeconds(60)));
            UseCases.memoryCorrections(store, CLOCK).correct(TestCommands.correction(P, id,
                    Map.of("content", "OpenAI 估值偏高 " + CORRECTED), "ops"));
            intake.add(UseCases.feedback(P, "今天天气不错 " + UNCLASSIFIED, T0.plusSeconds(120)));
            UseCases.experienceIntake(store, CLOCK).record(new RecordExperienceCommand(P, "推荐 OpenAI",
                    "PM 拒绝", "先给对比估值 " + LESSON, 0.5, T0));
            var facts = UseCases.factBook(store, CLOCK);
            facts.record(TestCommands.fact(P, "focus_stage", Map.of("value", "early " + FACT, "valid_from",
                    "2026-04-01T00:00:00Z"), "ops"));
            facts.record(TestCommands.fact(P, "focus_stage", Map.of("value", Map.of("stage", "growth " + FACT),
                    "valid_from", "2026-04-15T00:00:00Z"), "ops"));
            store.write(P, tx -> {
                tx.vectors().put(P, id, "test-model", new float[] {0.5f});
                return null;
            });
            intake.add(UseCases.feedback(OTHER, "Anthropic 可以推进 " + KEPT, T0));
            // proves the check can fail: before the erase every string is stored
            for (String s : new String[] {MARKER, CORRECTED, UNCLASSIFIED, LESSON, FACT, KEPT}) {
                assertThat(storedBytesContain(file, s)).as(s + " before the erase").isTrue();
            }

            Erasure erasure = new ProfileDataRights(store, UseCases.UUIDS, CLOCK).erase(P, "ops");

            assertThat(erasure.storageShredded()).isTrue();
            assertThat(erasure.facts()).isEqualTo(2);
            for (String s : new String[] {MARKER, CORRECTED, UNCLASSIFIED, LESSON, FACT}) {
                assertThat(storedBytesContain(file, s)).as(s + " after the erase").isFalse();
            }
            assertThat(storedBytesContain(file, KEPT)).as("another profile's text stays").isTrue();
            long othersMessages = store.read(tx -> tx.rawMessages().countByProfile(OTHER));
            assertThat(othersMessages).isEqualTo(1L);
        }
    }

    /** The raw bytes of the database file and of its WAL (when there is one). */
    private static boolean storedBytesContain(Path db, String text) throws IOException {
        byte[] needle = text.getBytes(StandardCharsets.UTF_8);
        for (Path p : new Path[] {db, Path.of(db + "-wal")}) {
            if (Files.exists(p) && indexOf(Files.readAllBytes(p), needle) >= 0) {
                return true;
            }
        }
        return false;
    }

    private static int indexOf(byte[] haystack, byte[] needle) {
        outer:
        for (int i = 0; i + needle.length <= haystack.length; i++) {
            for (int j = 0; j < needle.length; j++) {
                if (haystack[i + j] != needle[j]) {
                    continue outer;
                }
            }
            return i;
        }
        return -1;
    }
}
