package dev.pmmemory.application.service;

import dev.pmmemory.application.testing.TestCommands;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import dev.pmmemory.application.model.ContextInclude;
import dev.pmmemory.application.port.in.ContextResult;
import dev.pmmemory.application.port.in.RecallContextQuery;
import dev.pmmemory.application.testing.InMemoryMemoryStore;
import dev.pmmemory.application.testing.MutableClock;
import dev.pmmemory.application.testing.UseCases;
import dev.pmmemory.domain.recall.ScoredExperience;
import java.time.Instant;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;

/** include=experiences on the read path: relevant lessons, ranked, in their own prompt-block section. */
class ContextRecallExperiencesTest {
    private static final String P = "pm-alice";
    private static final Instant NOW = Instant.parse("2026-05-20T09:00:00Z");

    private final InMemoryMemoryStore store = new InMemoryMemoryStore();
    private final MutableClock clock = new MutableClock(NOW);
    private final ExperienceIntake experiences = UseCases.experienceIntake(store, clock);
    private final ContextRecall recall = UseCases.contextRecall(store, clock);

    private void lesson(String profile, String task, String lesson, double importance, String createdAt) {
        experiences.record(TestCommands.experience(profile, task, "PM 拒绝", lesson, importance, createdAt));
    }

    private ContextResult withExperiences(String query, int limit, Instant asOf) {
        return recall.recall(new RecallContextQuery(P, query, limit, asOf, Set.of(), null,
                Set.of(ContextInclude.EXPERIENCES)));
    }

    private static List<String> tasks(ContextResult r) {
        return r.experiences().orElseThrow().stream().map(s -> s.experience().task()).toList();
    }

    @Test
    void relevantExperiencesComeRankedWithTheirFactors() {
        lesson(P, "推荐 OpenAI 跟投", "先给对比估值", 0.4, "2026-05-10T00:00:00Z");
        lesson(P, "推荐 OpenAI 老股", "老股要问清折扣", 0.9, "2026-05-10T00:00:00Z");
        lesson(P, "推荐 Anthropic", "约创始人前先发材料", 1.0, "2026-05-10T00:00:00Z");

        ContextResult r = withExperiences("OpenAI", 3, null);

        assertThat(tasks(r)).containsExactly("推荐 OpenAI 老股", "推荐 OpenAI 跟投");
        ScoredExperience best = r.experiences().orElseThrow().get(0);
        assertThat(best.factors().typePriority()).as("importance").isEqualTo(0.9);
        assertThat(best.factors().recencyDecay()).isCloseTo(Math.exp(-10.375 / 30), within(1e-9));
        assertThat(best.score()).isEqualTo(best.factors().score());
    }

    @Test
    void atMostLimitExperiencesAreRecalled() {
        for (int i = 0; i < 5; i++) {
            lesson(P, "推荐 OpenAI 第" + i + "轮", "lesson", 0.1 * i, null);
        }

        assertThat(tasks(withExperiences("OpenAI", 2, null))).containsExactly("推荐 OpenAI 第4轮", "推荐 OpenAI 第3轮");
    }

    @Test
    void anExperienceRecordedAfterAsOfIsNotRecalled() {
        lesson(P, "推荐 OpenAI 早", "l", 0.5, "2026-05-01T00:00:00Z");
        lesson(P, "推荐 OpenAI 晚", "l", 0.5, "2026-05-15T00:00:00Z");

        assertThat(tasks(withExperiences("OpenAI", 10, Instant.parse("2026-05-10T00:00:00Z"))))
                .containsExactly("推荐 OpenAI 早");
    }

    @Test
    void anotherProfilesExperiencesNeverComeBack() {
        lesson("pm-bob", "推荐 OpenAI", "l", 1.0, null);

        assertThat(withExperiences("OpenAI", 10, null).experiences()).contains(List.of());
    }

    @Test
    void anEmptyQueryRecallsNoExperience() {
        lesson(P, "推荐 OpenAI", "l", 1.0, null);

        assertThat(withExperiences("", 10, null).experiences()).contains(List.of());
    }

    @Test
    void thePromptBlockGainsTheLessonsSection() {
        lesson(P, "推荐 OpenAI 跟投", "先给对比估值", 0.5, "2026-05-10T00:00:00Z");

        assertThat(withExperiences("OpenAI", 3, null).promptBlock()).endsWith("""
                Lessons from past rounds (for reference):
                - [2026-05-10] (PM 拒绝) 推荐 OpenAI 跟投 — lesson: 先给对比估值
                """);
    }

    @Test
    void withoutIncludeTheResultIsAsBefore() {
        lesson(P, "推荐 OpenAI 跟投", "先给对比估值", 0.5, null);
        UseCases.feedbackIntake(store, clock).add(UseCases.feedback(P, "OpenAI 估值高", NOW));

        ContextResult plain = recall.recall(new RecallContextQuery(P, "OpenAI", 3, null, Set.of(), null));

        assertThat(plain.experiences()).isEmpty();
        assertThat(plain.promptBlock()).doesNotContain("Lessons from past rounds").contains("OpenAI 估值高");
        assertThat(withExperiences("OpenAI", 3, null).promptBlock()).startsWith(plain.promptBlock());
    }
}
