package dev.pmmemory.application.service;

import dev.pmmemory.application.testing.TestCommands;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.pmmemory.application.InvalidInputException;
import dev.pmmemory.application.InvalidInputException.FieldError;
import dev.pmmemory.application.port.in.ExperienceResult;
import dev.pmmemory.application.port.in.ListExperiencesQuery;
import dev.pmmemory.application.port.in.RecordExperienceCommand;
import dev.pmmemory.application.testing.InMemoryMemoryStore;
import dev.pmmemory.application.testing.MutableClock;
import dev.pmmemory.application.testing.UseCases;
import dev.pmmemory.domain.experience.Experience;
import java.time.Instant;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Recording the lesson of a finished round (rules.md §10): validated, redacted, analysed, stored. */
class ExperienceIntakeTest {
    private static final String P = "pm-alice";
    private static final Instant NOW = Instant.parse("2026-05-20T09:00:00.123456Z");

    private final InMemoryMemoryStore store = new InMemoryMemoryStore();
    private final MutableClock clock = new MutableClock(NOW);
    private final ExperienceIntake intake = UseCases.experienceIntake(store, clock);

    private static List<String> badFields(Runnable r) {
        try {
            r.run();
        } catch (InvalidInputException e) {
            return e.errors().stream().map(FieldError::field).toList();
        }
        throw new AssertionError("no InvalidInputException");
    }

    @Test
    void anExperienceIsStoredWithItsKeywordsAndTheDefaults() {
        ExperienceResult r = intake.record(TestCommands.experience(P, "推荐 OpenAI 跟投", "PM 拒绝",
                "估值高的项目先给对比估值", null, null));

        Experience e = r.experience();
        assertThat(e.importance()).isEqualTo(0.5);
        assertThat(e.createdAt()).as("received time, to the millisecond").isEqualTo(Instant.parse("2026-05-20T09:00:00.123Z"));
        assertThat(e.keywords()).as("from task, outcome and lesson")
                .containsAll(UseCases.ANALYZER.queryTerms("OpenAI"))
                .containsAll(UseCases.ANALYZER.queryTerms("拒绝"))
                .containsAll(UseCases.ANALYZER.queryTerms("对比估值"));
        assertThat(r.redactions()).isEmpty();
        assertThat(store.experiences(P)).containsExactly(e);
    }

    @Test
    void theCallersCreatedAtAndImportanceAreKept() {
        Experience e = intake.record(TestCommands.experience(P, "推荐海外早期项目", "约了会", "附上创始人背景",
                0.9, "2026-05-09T18:00:00+08:00")).experience();

        assertThat(e.importance()).isEqualTo(0.9);
        assertThat(e.createdAt()).isEqualTo(Instant.parse("2026-05-09T10:00:00Z"));
    }

    @Test
    void aSecretInAnyFieldIsRedactedBeforeItIsStored() {
        ExperienceResult r = intake.record(TestCommands.experience(P,
                "推荐 OpenAI, key sk-abcdefghijklmnopqrstuvwx1234", "PM 回电 13812345678",
                "密码: hunter2-Secret 不要发给 PM", null, null));

        Experience e = r.experience();
        assertThat(e.task()).doesNotContain("sk-abcdefghijklmnopqrstuvwx1234").contains("[REDACTED:");
        assertThat(e.outcome()).doesNotContain("13812345678").contains("[REDACTED:");
        assertThat(e.lesson()).doesNotContain("hunter2-Secret").contains("[REDACTED:");
        assertThat(r.redactions()).hasSize(3).doesNotHaveDuplicates();
        assertThat(store.everything().toString())
                .doesNotContain("sk-abcdefghijklmnopqrstuvwx1234", "13812345678", "hunter2-Secret");
        assertThat(e.keywords()).noneMatch(k -> k.contains("redacted"));
    }

    @Test
    void everyBadFieldIsNamedAtOnceAndNothingIsStored() {
        assertThat(badFields(() -> new RecordExperienceCommand("bad id", " ", "x".repeat(201), null, 1.5, null)))
                .containsExactlyInAnyOrder("profile_id", "task", "outcome", "lesson", "importance");
        assertThat(badFields(() -> TestCommands.experience(P, "估".repeat(4001), "ok", "l\u0000", -0.1, null)))
                .containsExactlyInAnyOrder("task", "lesson", "importance");
        assertThat(store.everything()).isEmpty();
    }

    @Test
    void theLimitsThemselvesAreAccepted() {
        RecordExperienceCommand c = TestCommands.experience(P, "估".repeat(4000), "o".repeat(200),
                "l\n\tl", 0.0, null);

        assertThat(intake.record(c).experience().importance()).isZero();
        assertThat(TestCommands.experience(P, "t", "o", "l", 1.0, null).importance()).isEqualTo(1.0);
    }

    @Test
    void anInvalidCommandCannotBeBuiltDirectlyEither() {
        assertThatThrownBy(() -> new RecordExperienceCommand(P, "t", "o", "l", Double.NaN, null))
                .isInstanceOf(InvalidInputException.class);
    }

    @Test
    void theListIsNewestFirstAndPerProfile() {
        for (int day = 1; day <= 3; day++) {
            intake.record(TestCommands.experience(P, "task " + day, "o", "l", null, "2026-05-0" + day + "T00:00:00Z"));
        }
        intake.record(TestCommands.experience("pm-bob", "bob's", "o", "l", null, null));
        ExperienceQueries queries = new ExperienceQueries(store);

        assertThat(queries.list(new ListExperiencesQuery(P, 2))).extracting(Experience::task)
                .containsExactly("task 3", "task 2");
        assertThat(queries.list(new ListExperiencesQuery(P, ListExperiencesQuery.DEFAULT_LIMIT))).hasSize(3);
        assertThat(badFields(() -> new ListExperiencesQuery(P, 0))).containsExactly("limit");
    }
}
