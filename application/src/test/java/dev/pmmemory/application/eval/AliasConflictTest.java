package dev.pmmemory.application.eval;

import static org.assertj.core.api.Assertions.assertThat;

import dev.pmmemory.application.port.in.ContextResult;
import dev.pmmemory.application.port.in.FeedbackResult;
import dev.pmmemory.application.service.ContextRecall;
import dev.pmmemory.application.service.FeedbackIntake;
import dev.pmmemory.application.testing.InMemoryMemoryStore;
import dev.pmmemory.application.testing.UseCases;
import dev.pmmemory.domain.lexicon.Lexicon;
import dev.pmmemory.domain.memory.MemoryStatus;
import dev.pmmemory.domain.memory.MemoryType;
import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
import org.junit.jupiter.api.Test;

/**
 * The shipped lexicon end to end: names of one entity (月之暗面 = Moonshot = Kimi) are one entity
 * for conflicts and recall, and a shared "AI" suffix is not.
 */
class AliasConflictTest {
    private static final Instant T0 = Instant.parse("2026-05-01T09:00:00Z");

    private final InMemoryMemoryStore store = new InMemoryMemoryStore();
    private final Clock clock = Clock.fixed(T0.plusSeconds(3600), ZoneOffset.UTC);
    private final Pipeline pipeline = new Pipeline(Lexicon.loadDefault());
    private final FeedbackIntake intake = pipeline.feedbackIntake(store, clock);
    private final ContextRecall recall = pipeline.contextRecall(store, clock);

    @Test
    void aDecisionUnderOneNameSupersedesTheOppositeDecisionUnderAnother() {
        FeedbackResult advance = intake.add(UseCases.feedback("p", "Kimi 可以推进", T0));
        FeedbackResult negative = intake.add(UseCases.feedback("p", "月之暗面估值太高", T0.plusSeconds(60)));

        assertThat(advance.memory().orElseThrow().memory().entities()).containsExactly("月之暗面");
        assertThat(negative.memory().orElseThrow().memory().type()).isEqualTo(MemoryType.PROJECT_NEGATIVE);
        assertThat(negative.superseded()).containsExactly(advance.memory().orElseThrow().memory().id());
        assertThat(store.memories("p")).filteredOn(m -> m.type() == MemoryType.PROJECT_ADVANCE)
                .extracting(m -> m.status()).containsExactly(MemoryStatus.SUPERSEDED);
    }

    @Test
    void aQueryByAnyNameFindsTheMemory() {
        intake.add(UseCases.feedback("p", "Kimi 估值太高", T0));
        for (String query : new String[] {"月之暗面", "Moonshot", "kimi 怎么样"}) {
            ContextResult result = recall.recall(UseCases.context("p", query, 3, null));
            assertThat(result.items()).as(query).hasSize(1);
            assertThat(result.items().get(0).factors().keywordMatch()).as(query).isGreaterThan(0.0);
        }
    }

    @Test
    void aSharedAiSuffixIsNoConflict() {
        FeedbackResult zhipu = intake.add(UseCases.feedback("p", "智谱AI 可以推进", T0));
        FeedbackResult figure = intake.add(UseCases.feedback("p", "Figure AI 太贵", T0.plusSeconds(60)));

        assertThat(figure.superseded()).isEmpty();
        assertThat(store.memories("p")).filteredOn(m -> m.id().equals(zhipu.memory().orElseThrow().memory().id()))
                .extracting(m -> m.status()).containsExactly(MemoryStatus.ACTIVE);
    }
}
