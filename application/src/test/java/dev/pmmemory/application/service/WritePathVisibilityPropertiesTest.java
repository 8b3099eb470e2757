package dev.pmmemory.application.service;

import static org.assertj.core.api.Assertions.assertThat;

import dev.pmmemory.application.port.in.AddFeedbackCommand;
import dev.pmmemory.application.port.in.FeedbackResult;
import dev.pmmemory.application.model.FeedbackOutcome;
import dev.pmmemory.application.testing.InMemoryMemoryStore;
import dev.pmmemory.application.testing.MutableClock;
import dev.pmmemory.application.testing.UseCases;
import dev.pmmemory.domain.evolution.ConflictResolver;
import dev.pmmemory.domain.memory.Lifetime;
import dev.pmmemory.domain.memory.Memory;
import dev.pmmemory.domain.memory.MemoryStatus;
import dev.pmmemory.domain.memory.MemoryType;
import dev.pmmemory.domain.memory.Source;
import dev.pmmemory.domain.text.TextNormalizer;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.function.Function;
import java.util.stream.Collectors;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import net.jqwik.api.Example;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;

/**
 * Issue 9, rules.md §3 and §5: for any order of arrival and any clock, the write path never
 * merges into, supersedes, or is held pending by a memory that was not visible during the new
 * message's lifetime — above all, never by one that had expired, been superseded or been deleted
 * when the message was said. A repeat after expiry starts a new memory of weight 1. (A late decision
 * also re-derives the decisions said after it, issue 10: those may change whatever their visibility.)
 */
class WritePathVisibilityPropertiesTest {
    private static final String P = "pm-alice";
    private static final Instant BASE = Instant.parse("2026-04-01T00:00:00Z");

    /** Repeats of short-lived and long-lived types, and both decisions on one entity from every source. */
    private static final List<String> POOL = List.of(
            "本周在路上",            // temp_status, 3 days
            "本周 在路上！",          // the same memory
            "最近 AI 赛道很火",        // market_info, 7 days
            "OpenAI 估值高",          // project_negative, 30 days
            "Mistral 估值高",
            "Mistral 可以推进",
            "以后少推国内大模型");      // permanent

    record Msg(String content, Instant createdAt, Source source, Instant receivedAt) {
        AddFeedbackCommand command() {
            return new AddFeedbackCommand(P, content, createdAt, null, null, source);
        }
    }

    @Property(tries = 300)
    void noAddEverTouchesAMemoryInvisibleDuringTheMessagesLifetime(@ForAll("arrivals") List<Msg> arrivals) {
        InMemoryMemoryStore store = new InMemoryMemoryStore();
        MutableClock clock = new MutableClock(BASE);
        FeedbackIntake intake = UseCases.feedbackIntake(store, clock);

        for (Msg msg : arrivals) {
            clock.set(msg.receivedAt());
            Map<String, Memory> before = byId(store.memories(P));

            FeedbackResult result = intake.add(msg.command());

            Map<String, Memory> after = byId(store.memories(P));
            Memory mine = result.memory().map(v -> after.get(v.memory().id())).orElseThrow();
            Instant said = msg.createdAt();
            Instant wouldExpire = Lifetime.expiresAt(said, UseCases.LEXICON.ruleFor(mine.type()).ttl());
            for (Memory old : before.values()) {
                if (!old.equals(after.get(old.id()))) {
                    // or said after it: a late decision re-derives the history said after it (issue 10), where
                    // a memory held pending may, in time order, never have been
                    assertThat(Lifetime.isVisibleDuring(old, said, wouldExpire) || old.createdAt().isAfter(said))
                            .as("%s changed %s", msg, old).isTrue();
                }
            }
            String key = TextNormalizer.normalise(msg.content());
            List<Memory> sameKeyVisibleWhenSaid = before.values().stream()
                    .filter(m -> m.type() == mine.type() && m.normalizedContent().equals(key))
                    .filter(m -> Lifetime.isVisibleAt(m, said))
                    .toList();
            if (result.outcome() == FeedbackOutcome.DEDUPLICATED) {
                assertThat(Lifetime.isVisibleAt(mine, said)).as("%s merged into %s", msg, mine).isTrue();
            } else {
                assertThat(sameKeyVisibleWhenSaid).as("%s started a new memory beside", msg).isEmpty();
                assertThat(mine.weight()).isEqualTo(1);
            }
            if (result.outcome() == FeedbackOutcome.PENDING) {
                MemoryType opposite = ConflictResolver.oppositeDecision(mine.type()).orElseThrow();
                assertThat(before.values()).as("%s held pending", msg)
                        .anyMatch(m -> m.type() == opposite && Lifetime.isVisibleAt(m, said)
                                && m.source().confidence() > msg.source().confidence());
            }
        }
    }

    @Example
    void anExpiredNegativeNoLongerHoldsAnInferredAdvancePending() {
        // issue 9, first example
        InMemoryMemoryStore store = new InMemoryMemoryStore();
        Instant today = Instant.parse("2026-06-15T00:00:00Z");
        FeedbackIntake intake = UseCases.feedbackIntake(store, new MutableClock(today));

        intake.add(UseCases.feedback(P, "Mistral 估值高", today.minus(Duration.ofDays(45))));
        FeedbackResult advance = intake.add(UseCases.feedback(P, "Mistral 可以推进", today, Source.INFERRED));

        assertThat(advance.outcome()).isEqualTo(FeedbackOutcome.CREATED);
        assertThat(advance.memory().orElseThrow().status()).isEqualTo(MemoryStatus.ACTIVE);
    }

    @Example
    void aStaleTempStatusSaidAgainStartsFresh() {
        // issue 9, second example
        InMemoryMemoryStore store = new InMemoryMemoryStore();
        Instant today = Instant.parse("2026-06-15T00:00:00Z");
        FeedbackIntake intake = UseCases.feedbackIntake(store, new MutableClock(today));

        FeedbackResult first = intake.add(UseCases.feedback(P, "下周出差，回复慢", today.minus(Duration.ofDays(20))));
        FeedbackResult again = intake.add(UseCases.feedback(P, "下周出差，回复慢", today));

        assertThat(again.outcome()).isEqualTo(FeedbackOutcome.CREATED);
        Memory fresh = again.memory().orElseThrow().memory();
        assertThat(fresh.weight()).isEqualTo(1);
        assertThat(fresh.createdAt()).isEqualTo(today);
        assertThat(fresh.id()).isNotEqualTo(first.memory().orElseThrow().memory().id());
        assertThat(store.memories(P)).hasSize(2);
    }

    private static Map<String, Memory> byId(List<Memory> memories) {
        return memories.stream().collect(Collectors.toMap(Memory::id, Function.identity()));
    }

    /**
     * Up to 12 pool messages said within 90 days, arriving in any order, each received at an
     * arbitrary instant of those 90 days (before or after it was said: any clock).
     */
    @Provide
    Arbitrary<List<Msg>> arrivals() {
        Arbitrary<Instant> instants = Arbitraries.integers().between(0, 90 * 24)
                .map(h -> BASE.plus(Duration.ofHours(h)));
        Arbitrary<Msg> msg = Combinators.combine(Arbitraries.of(POOL), instants, Arbitraries.of(Source.class),
                instants).as(Msg::new);
        return msg.list().ofMinSize(1).ofMaxSize(12).filter(l -> l.stream().map(Msg::createdAt)
                .filter(Objects::nonNull).distinct().count() == l.size());
    }
}
