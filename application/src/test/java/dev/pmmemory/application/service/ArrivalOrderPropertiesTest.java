package dev.pmmemory.application.service;

import static org.assertj.core.api.Assertions.assertThat;

import dev.pmmemory.application.port.in.AddFeedbackCommand;
import dev.pmmemory.application.testing.InMemoryMemoryStore;
import dev.pmmemory.application.testing.UseCases;
import dev.pmmemory.domain.memory.Memory;
import dev.pmmemory.domain.memory.MemoryStatus;
import dev.pmmemory.domain.memory.MemoryType;
import dev.pmmemory.domain.memory.Source;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Function;
import java.util.stream.Collectors;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import net.jqwik.api.Example;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.Tuple;
import net.jqwik.api.Tuple.Tuple2;

/**
 * The final memory state after a set of adds does not depend on the order they arrive in
 * (late arrivals, dedup with max/min times, per-entity supersession all commute), even though
 * dedup and conflicts consider only memories visible during a message's lifetime (issue 9): a late
 * repeat joins the memory it would have started, and folds two memories it bridges into one.
 */
class ArrivalOrderPropertiesTest {
    private static final String P = "pm-alice";
    private static final Instant BASE = Instant.parse("2026-04-01T00:00:00Z");
    private static final Clock CLOCK = Clock.fixed(Instant.parse("2026-06-15T00:00:00Z"), ZoneOffset.UTC);
    private static final String ADVANCE = "Anthropic 可以推进";
    private static final String NEGATIVE = "Anthropic 商业化弱";

    /** Contents that never conflict with each other (several normalise equal, so they dedup). */
    private static final List<String> POOL = List.of(
            "以后少推国内大模型",
            "OpenAI 估值高",
            "OpenAI估值高！",
            "Mistral AI 不错",
            "月之暗面 约一下",
            "最近 AI 赛道很火",
            "本周在路上",
            "Anthropic 有意思");

    record Msg(String content, Instant createdAt, Source source) {
        AddFeedbackCommand command() {
            return new AddFeedbackCommand(P, content, createdAt, null, null, source);
        }

        @Override
        public String toString() {
            return content + "@" + Duration.between(BASE, createdAt).toMinutes() + "m/" + source.wireName();
        }
    }

    /** What must match between two stores; ids differ, so superseded_by is compared by content. */
    record Snapshot(MemoryType type, String normalizedContent, MemoryStatus status, int weight, Instant createdAt,
                    Instant lastSeenAt, Instant validFrom, Instant validUntil, Instant expiresAt,
                    List<String> supersededEntityKeys, String supersededByContent) {
    }

    @Property(tries = 150)
    void theFinalStateDoesNotDependOnArrivalOrder(@ForAll("twoOrders") Tuple2<List<Msg>, List<Msg>> orders) {
        List<Snapshot> first = apply(orders.get1());
        List<Snapshot> second = apply(orders.get2());

        assertThat(second).isEqualTo(first);
    }

    @Example
    void anAdvanceAndANegativeCommuteBothWays() {
        Msg advance = new Msg(ADVANCE, BASE.plusSeconds(60), Source.EXPLICIT);
        Msg negative = new Msg(NEGATIVE, BASE.plusSeconds(120), Source.EXPLICIT);

        List<Snapshot> inOrder = apply(List.of(advance, negative));
        List<Snapshot> late = apply(List.of(negative, advance));

        assertThat(late).isEqualTo(inOrder);
        assertThat(inOrder).filteredOn(s -> s.type() == MemoryType.PROJECT_ADVANCE).singleElement()
                .satisfies(s -> {
                    assertThat(s.status()).isEqualTo(MemoryStatus.SUPERSEDED);
                    assertThat(s.validUntil()).isEqualTo(negative.createdAt());
                    assertThat(s.supersededByContent()).isEqualTo("anthropic商业化弱");
                });
    }

    private static List<Snapshot> apply(List<Msg> messages) {
        InMemoryMemoryStore store = new InMemoryMemoryStore();
        FeedbackIntake intake = UseCases.feedbackIntake(store, CLOCK);
        for (Msg m : messages) {
            intake.add(m.command());
        }
        List<Memory> memories = store.memories(P);
        assertThat(store.rawMessages(P)).hasSize(messages.size());
        Map<String, Memory> byId = memories.stream().collect(Collectors.toMap(Memory::id, Function.identity()));
        // A memory folded into another by a late repeat (Deduplicator.fold) is kept for the audit trail
        // with an empty window: no reader sees it at any instant, so it is not part of the state compared.
        return memories.stream()
                .filter(m -> !(m.validFrom() != null && m.validFrom().equals(m.validUntil())
                        && m.supersededBy() != null && m.supersededEntityKeys().isEmpty()))
                .map(m -> new Snapshot(m.type(), m.normalizedContent(), m.status(), m.weight(), m.createdAt(),
                        m.lastSeenAt(), m.validFrom(), m.validUntil(), m.expiresAt(),
                        m.supersededEntityKeys().stream().sorted().toList(),
                        Optional.ofNullable(m.supersededBy()).map(byId::get).map(Memory::normalizedContent)
                                .orElse(null)))
                .sorted(Comparator.comparing(Snapshot::normalizedContent).thenComparing(Snapshot::type)
                        .thenComparing(Snapshot::createdAt))
                .toList();
    }

    @Provide
    Arbitrary<Tuple2<List<Msg>, List<Msg>>> twoOrders() {
        return messages().flatMap(ms -> Combinators.combine(Arbitraries.shuffle(ms), Arbitraries.shuffle(ms))
                .as(Tuple::of));
    }

    /**
     * A multiset of pool messages at distinct minutes within ~60 days (so TTLs differ and repeats
     * straddle them), plus at most one advance and one negative on Anthropic with one source.
     */
    private Arbitrary<List<Msg>> messages() {
        return Arbitraries.integers().between(0, 14).flatMap(n -> Combinators.combine(
                Arbitraries.integers().between(0, 60 * 24 * 60).set().ofSize(n + 2),
                Arbitraries.integers().between(0, POOL.size() - 1).list().ofSize(n),
                Arbitraries.of(true, false),
                Arbitraries.of(true, false),
                Arbitraries.of(Source.class)).as((minutes, picks, withAdvance, withNegative, decisionSource) -> {
                    List<Integer> times = new ArrayList<>(minutes);
                    List<Msg> out = new ArrayList<>();
                    for (int i = 0; i < n; i++) {
                        out.add(new Msg(POOL.get(picks.get(i)), BASE.plus(Duration.ofMinutes(times.get(i))),
                                Source.EXPLICIT));
                    }
                    if (withAdvance) {
                        out.add(new Msg(ADVANCE, BASE.plus(Duration.ofMinutes(times.get(n))), decisionSource));
                    }
                    if (withNegative) {
                        out.add(new Msg(NEGATIVE, BASE.plus(Duration.ofMinutes(times.get(n + 1))), decisionSource));
                    }
                    return out;
                }));
    }
}
