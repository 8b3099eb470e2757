package dev.pmmemory.application.testing;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import dev.pmmemory.application.port.in.ContextResult;
import dev.pmmemory.application.port.out.MemoryStore;
import dev.pmmemory.application.port.out.RecallTally;
import dev.pmmemory.application.port.in.AuditEvent;
import dev.pmmemory.application.model.AuditKind;
import dev.pmmemory.application.service.ContextRecall;
import dev.pmmemory.application.service.ExpirySweep;
import dev.pmmemory.application.service.RecallAwareRetention;
import dev.pmmemory.domain.memory.RecallRetention;
import dev.pmmemory.application.service.FeedbackIntake;
import dev.pmmemory.application.service.RecallCounter;
import dev.pmmemory.domain.memory.Memory;
import dev.pmmemory.domain.memory.RecallUse;
import dev.pmmemory.domain.recall.HybridMatch;
import dev.pmmemory.domain.recall.RankingMode;
import dev.pmmemory.domain.recall.UseFactor;
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

    // --- recall-aware retention (docs/rules.md "Recall-aware retention") ----------------------------

    private ExpirySweep sweep(boolean recallAware) {
        return new ExpirySweep(store(), UseCases.UUIDS, clock, recallAware
                ? Optional.of(new RecallAwareRetention(store(), UseCases.LEXICON, RecallRetention.DEFAULTS, UseCases.UUIDS))
                : Optional.empty());
    }

    private List<AuditKind> kinds(String id) {
        return store().read(tx -> tx.auditTrail().forMemory(P, id)).stream().map(AuditEvent::kind).toList();
    }

    /** A project_negative (30 days, priority 0.9) recalled three times and a market_info (7 days, 0.4) never. */
    private List<String> aUsedAndAnUnusedMemory() {
        String used = add("OpenAI 估值高", today);
        String unused = add("最近赛道在火", today);
        for (int i = 0; i < 3; i++) {
            clock.advance(Duration.ofDays(1));
            assertThat(context("OpenAI 估值", 1).items()).extracting(r -> r.view().memory().id()).containsExactly(used);
        }
        counter.flush();
        return List.of(used, unused);
    }

    @Test
    void withRecallAwareRetentionAUsedMemoryLivesOneTtlFromItsLastRecallAndAnUnusedOneFades() {
        List<String> ids = aUsedAndAnUnusedMemory();
        Instant lastRecall = clock.instant();
        assertThat(stored(ids.get(0)).expiresAt()).isEqualTo(today.plus(Duration.ofDays(30)));
        assertThat(stored(ids.get(1)).expiresAt()).isEqualTo(today.plus(Duration.ofDays(7)));

        assertThat(sweep(true).run().changed()).isEqualTo(2);

        assertThat(stored(ids.get(0)).expiresAt()).isEqualTo(lastRecall.plus(Duration.ofDays(30)));
        assertThat(kinds(ids.get(0))).contains(AuditKind.MEMORY_EXTENDED);
        // half of its 7 days from when it was said
        assertThat(stored(ids.get(1)).expiresAt()).isEqualTo(today.plus(Duration.ofHours(84)));
        assertThat(kinds(ids.get(1))).contains(AuditKind.MEMORY_FADED);
        assertThat(sweep(true).run().changed()).as("a second run changes nothing").isZero();

        clock.advance(Duration.ofDays(1)); // past the faded expiry: the sweep marks it expired
        sweep(true).run();
        assertThat(stored(ids.get(1)).status()).isEqualTo(dev.pmmemory.domain.memory.MemoryStatus.EXPIRED);
        assertThat(stored(ids.get(0)).status()).isEqualTo(dev.pmmemory.domain.memory.MemoryStatus.ACTIVE);
    }

    @Test
    void withRecallAwareRetentionOffExpiriesStayAsTheTtlSetThem() {
        List<String> ids = aUsedAndAnUnusedMemory();

        assertThat(sweep(false).run().changed()).isZero();

        assertThat(stored(ids.get(0)).expiresAt()).isEqualTo(today.plus(Duration.ofDays(30)));
        assertThat(stored(ids.get(1)).expiresAt()).isEqualTo(today.plus(Duration.ofDays(7)));
        assertThat(kinds(ids.get(0))).doesNotContain(AuditKind.MEMORY_EXTENDED);
        assertThat(kinds(ids.get(1))).doesNotContain(AuditKind.MEMORY_FADED);
    }

    // --- use in the score (docs/rules.md "Use in the score") ------------------------------------------

    private ContextRecall withUse() {
        return new ContextRecall(store(), UseCases.LEXICON, UseCases.ANALYZER, clock, Optional.empty(),
                HybridMatch.defaults(0.0), RankingMode.RELEVANCE, Optional.of(counter),
                UseFactor.defaults(t -> UseCases.LEXICON.ruleFor(t).ttl()));
    }

    private static List<String> ids(ContextResult r) {
        return r.items().stream().map(i -> i.view().memory().id()).toList();
    }

    @Test
    void withTheUseFactorARecalledMemoryOutranksAnOtherwiseEqualNeverRecalledOne() {
        String openai = add("OpenAI 估值高", today.minus(Duration.ofDays(1)));
        String anthropic = add("Anthropic 估值高", today.minus(Duration.ofDays(1)));
        ContextResult before = context("估值", 2);
        assertThat(before.items().get(0).score()).as("equal but for the id").isEqualTo(before.items().get(1).score());
        String second = ids(before).get(1);
        String secondName = second.equals(openai) ? "OpenAI" : "Anthropic";
        for (int i = 0; i < 3; i++) {
            clock.advance(Duration.ofMinutes(1));
            assertThat(ids(context(secondName, 1))).containsExactly(second);
        }
        counter.flush();

        ContextResult off = context("估值", 2);
        assertThat(ids(off)).as("off: today's order and scores").isEqualTo(ids(before));
        assertThat(off.items()).extracting(i -> i.factors().use()).containsOnly(0.0);
        ContextResult on = withUse().recall(UseCases.context(P, "估值", 2, null));
        assertThat(ids(on)).containsExactly(second, ids(before).get(0));
        // the first context returned both (one recall each), the entity's three the second: 4 and 1 of 10
        assertThat(on.items()).extracting(i -> i.factors().use())
                .satisfiesExactly(u -> assertThat(u).isCloseTo(0.4, within(1e-3)),
                        u -> assertThat(u).isCloseTo(0.1, within(1e-3)));
        assertThat(on.items().get(0).score() - on.items().get(1).score())
                .isCloseTo(0.1 * 0.3, within(1e-3));
        assertThat(List.of(openai, anthropic)).containsAll(ids(on));
    }

    @Test
    void theUseFactorFindsARecalledMemoryOlderThanTheMostRecentOfItsGroupButNotInThePast() {
        String older = add("OpenAI 估值高", today.minus(Duration.ofDays(3)));
        String newer = add("Anthropic 估值高", today.minus(Duration.ofDays(2)));
        for (int i = 0; i < 10; i++) {
            clock.advance(Duration.ofMinutes(1));
            assertThat(ids(context("OpenAI", 1))).containsExactly(older);
        }
        counter.flush();
        clock.advance(Duration.ofMinutes(1));

        // a query both share no term with: off, the more recent wins
        assertThat(ids(context("天气", 1))).containsExactly(newer);
        // on: ten recalls (the cap) a minute ago add almost 0.1, more than a day of recency (0.006)
        assertThat(ids(withUse().recall(UseCases.context(P, "天气", 1, null)))).containsExactly(older);
        // a recall of a past instant ranks without use: counts are not kept per instant
        assertThat(ids(withUse().recall(UseCases.context(P, "天气", 1, clock.instant().minus(Duration.ofSeconds(1))))))
                .containsExactly(newer);
    }
}
