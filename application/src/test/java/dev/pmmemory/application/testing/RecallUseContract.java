package dev.pmmemory.application.testing;

import static org.assertj.core.api.Assertions.assertThat;

import dev.pmmemory.application.port.in.ContextResult;
import dev.pmmemory.application.port.out.MemoryStore;
import dev.pmmemory.application.port.out.RecallTally;
import dev.pmmemory.application.service.ContextRecall;
import dev.pmmemory.application.service.FeedbackIntake;
import dev.pmmemory.application.service.RecallCounter;
import dev.pmmemory.domain.memory.Memory;
import dev.pmmemory.domain.memory.RecallUse;
import dev.pmmemory.domain.recall.HybridMatch;
import dev.pmmemory.domain.recall.RankingMode;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * Recall counts (docs/rules.md "Recall counts") on a store: what present contexts returned, counted
 * through the real recall path and written by the counter's flush. Run by {@link MemoryStoreContract} on
 * every store (a nested class).
 */
public abstract class RecallUseContract {
    private static final String P = "pm-recall";
    private final Instant today = Instant.parse("2026-06-15T08:00:00Z");
    private final MutableClock clock = new MutableClock(today);
    private FeedbackIntake intake;
    private RecallCounter counter;
    private ContextRecall recall;

    /** The store under test, fresh and empty. */
    protected abstract MemoryStore store();

    @BeforeEach
    void wireTheUseCases() {
        intake = UseCases.feedbackIntake(store(), clock);
        counter = new RecallCounter(store());
        recall = new ContextRecall(store(), UseCases.LEXICON, UseCases.ANALYZER, clock, Optional.empty(),
                HybridMatch.defaults(0.0), RankingMode.RELEVANCE, Optional.of(counter));
    }

    private String add(String text, Instant at) {
        return intake.add(UseCases.feedback(P, text, at)).memory().orElseThrow().memory().id();
    }

    private Memory stored(String id) {
        return store().read(tx -> tx.memories().findById(P, id)).orElseThrow();
    }

    private ContextResult context(String query, int limit) {
        return recall.recall(UseCases.context(P, query, limit, null));
    }

    @Test
    void countsEveryPresentContextThatReturnedTheMemoryOnceFlushed() {
        String openai = add("OpenAI 估值高", today.minus(Duration.ofDays(2)));
        String mistral = add("Mistral 可以推进", today.minus(Duration.ofDays(1)));
        for (int i = 0; i < 3; i++) {
            clock.advance(Duration.ofMinutes(1));
            assertThat(context("OpenAI 估值", 1).items()).extracting(r -> r.view().memory().id())
                    .containsExactly(openai);
        }
        Instant lastContext = clock.instant();
        assertThat(stored(openai).recall()).as("nothing written before the flush").isEqualTo(RecallUse.NEVER);

        assertThat(counter.flush()).isEqualTo(1);

        assertThat(stored(openai).recall()).isEqualTo(new RecallUse(3, lastContext));
        assertThat(stored(mistral).recall()).isEqualTo(RecallUse.NEVER);
        assertThat(counter.flush()).as("a second flush has nothing left").isZero();
        assertThat(stored(openai).recall().count()).isEqualTo(3);
    }

    @Test
    void flushesAddUpAndAWriteInBetweenKeepsTheCount() {
        String openai = add("OpenAI 估值高", today.minus(Duration.ofDays(2)));
        context("OpenAI 估值", 5);
        context("OpenAI 估值", 5);
        counter.flush();
        // the same feedback again: the write path updates the memory (weight 2), not its recall use
        add("OpenAI 估值高", today);
        clock.advance(Duration.ofHours(1));
        context("OpenAI 估值", 5);
        counter.flush();

        Memory m = stored(openai);
        assertThat(m.weight()).isEqualTo(2);
        assertThat(m.recall()).isEqualTo(new RecallUse(3, clock.instant()));
    }

    @Test
    void aPastRecallIsNotAUse() {
        String openai = add("OpenAI 估值高", today.minus(Duration.ofDays(2)));
        recall.recall(UseCases.context(P, "OpenAI 估值", 5, today.minus(Duration.ofDays(1))));

        assertThat(counter.flush()).isZero();
        assertThat(stored(openai).recall()).isEqualTo(RecallUse.NEVER);
    }

    @Test
    void aTallyOfAMemoryNoLongerStoredIsSkippedAndTheLastRecallNeverMovesBack() {
        String openai = add("OpenAI 估值高", today.minus(Duration.ofDays(2)));
        int counted = store().addRecalls(List.of(new RecallTally(P, openai, 2, today),
                new RecallTally(P, "no-such-memory", 1, today), new RecallTally("pm-other", openai, 1, today)));
        assertThat(counted).isEqualTo(1);
        store().addRecalls(List.of(new RecallTally(P, openai, 1, today.minus(Duration.ofDays(1)))));

        assertThat(stored(openai).recall()).isEqualTo(new RecallUse(3, today));
    }
}
