package dev.pmmemory.domain.recall;

import static dev.pmmemory.domain.recall.RankerFixtures.AS_OF;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import dev.pmmemory.domain.memory.Memory;
import dev.pmmemory.domain.memory.MemoryStatus;
import dev.pmmemory.domain.memory.MemoryType;
import dev.pmmemory.domain.memory.Source;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.EnumMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.constraints.IntRange;

/** Invariants of the score and the ranking over arbitrary memories, queries, filters and limits. */
class ContextRankerPropertiesTest {
    private static final List<String> TERMS = List.of("openai", "anthropic", "估值", "值高", "推进", "海外", "早期",
            "项目", "大模型", "本周");
    private static final List<String> ENTITIES = List.of("OpenAI", "Anthropic", "智谱");

    /** The order the seed ranking promises: score desc, then last_seen_at desc, then id asc. */
    private static final Comparator<ScoredMemory> ORDER = Comparator
            .comparingDouble(ScoredMemory::score).reversed()
            .thenComparing((ScoredMemory s) -> s.memory().lastSeenAt(), Comparator.reverseOrder())
            .thenComparing(s -> s.memory().id());
    /** Relevance first: every matching memory before every other one, then the seed order. */
    private static final Comparator<ScoredMemory> RELEVANCE_ORDER = Comparator
            .comparing((ScoredMemory s) -> s.matched() ? 0 : 1).thenComparing(ORDER);

    private static Comparator<ScoredMemory> order(RankingMode mode) {
        return mode == RankingMode.SCORE_ONLY ? ORDER : RELEVANCE_ORDER;
    }

    private static ContextRanker ranker(RankingMode mode) {
        return new ContextRanker(RankerFixtures.PRIORITY::get, HybridMatch.defaults(0.0), mode);
    }

    @Provide
    Arbitrary<Set<String>> queries() {
        return Arbitraries.of(TERMS).set().ofMaxSize(5);
    }

    @Provide
    Arbitrary<Map<MemoryType, Double>> priorities() {
        return Arbitraries.doubles().between(0, 1).list().ofSize(MemoryType.values().length).map(ps -> {
            Map<MemoryType, Double> map = new EnumMap<>(MemoryType.class);
            for (MemoryType t : MemoryType.values()) {
                map.put(t, ps.get(t.ordinal()));
            }
            return map;
        });
    }

    /** One memory: type, keywords, entities (some given up), weight, times, status around AS_OF. */
    private Arbitrary<Memory> memory(String id) {
        Arbitrary<MemoryType> type = Arbitraries.of(MemoryType.class);
        Arbitrary<List<String>> keywords = Arbitraries.of(TERMS).list().ofMaxSize(6);
        Arbitrary<List<String>> entities = Arbitraries.of(ENTITIES).set().ofMaxSize(2).map(ArrayList::new);
        Arbitrary<Integer> weight = Arbitraries.integers().between(1, 15);
        // last seen from 120 days before to 2 days after AS_OF, in whole hours: ties happen
        Arbitrary<Long> lastSeenHours = Arbitraries.longs().between(-120 * 24, 2 * 24);
        Arbitrary<Integer> shape = Arbitraries.integers().between(0, 9);
        return Combinators.combine(type, keywords, entities, weight, lastSeenHours, shape)
                .as((t, kw, ents, w, hours, s) -> {
                    Instant lastSeen = AS_OF.plus(Duration.ofHours(hours));
                    Instant validFrom = lastSeen.minus(Duration.ofDays(3));
                    Memory.Builder b = new Memory.Builder().id(id).profileId("pm-alice").type(t)
                            .content("c " + id).normalizedContent("c" + id).entities(ents).keywords(kw).weight(w)
                            .status(MemoryStatus.ACTIVE).source(Source.EXPLICIT).createdAt(validFrom)
                            .lastSeenAt(lastSeen).validFrom(validFrom)
                            .expiresAt(t == MemoryType.LONG_TERM_PREFERENCE ? null : lastSeen.plus(Duration.ofDays(30)))
                            .sourceMessageIds(List.of("raw-" + id));
                    switch (s) {
                        case 0 -> b.status(MemoryStatus.PENDING).validFrom(null);
                        case 1 -> b.status(MemoryStatus.SUPERSEDED).validUntil(AS_OF.plus(Duration.ofHours(hours % 48)));
                        case 2 -> b.supersededEntityKeys(ents.isEmpty() ? Set.of() : Set.of(ents.get(0).toLowerCase()));
                        case 3 -> b.validFrom(AS_OF.plus(Duration.ofHours(1))); // said after as_of
                        default -> { }
                    }
                    return b.build();
                });
    }

    @Provide
    Arbitrary<List<Memory>> memories() {
        return Arbitraries.integers().between(0, 30).flatMap(n -> {
            List<Arbitrary<Memory>> each = new ArrayList<>();
            for (int i = 0; i < n; i++) {
                each.add(memory(String.format("m%02d", (i * 7) % 31)));
            }
            return Combinators.combine(each).as(List::copyOf);
        });
    }

    @Provide
    Arbitrary<RecallFilter> filters() {
        Arbitrary<Set<MemoryType>> types = Arbitraries.oneOf(Arbitraries.just(Set.of()),
                Arbitraries.of(MemoryType.class).set().ofMinSize(1).ofMaxSize(3));
        Arbitrary<Optional<String>> entity = Arbitraries.oneOf(Arbitraries.just(Optional.empty()),
                Arbitraries.of("OpenAI", "anthropic", "Nobody").map(Optional::of));
        return Combinators.combine(types, entity).as(RecallFilter::new);
    }

    @Property(tries = 150)
    void theScoreIsInTheUnitIntervalAndTheWeightedSumOfItsFactors(@ForAll("memories") List<Memory> memories,
                                                                  @ForAll("queries") Set<String> query,
                                                                  @ForAll("priorities") Map<MemoryType, Double> prio) {
        ContextRanker ranker = new ContextRanker(prio::get);
        for (Memory m : memories) {
            ScoredMemory s = ranker.score(m, query, AS_OF);
            ScoreFactors f = s.factors();

            assertThat(List.of(f.keywordMatch(), f.recencyDecay(), f.typePriority(), f.weightNormalized()))
                    .allSatisfy(x -> assertThat(x).isBetween(0.0, 1.0));
            assertThat(s.score()).isBetween(0.0, 1.0).isCloseTo(0.4 * f.keywordMatch() + 0.2 * f.recencyDecay()
                    + 0.3 * f.typePriority() + 0.1 * f.weightNormalized(), within(1e-12));
            assertThat(f.typePriority()).isEqualTo(prio.get(m.type()));
            if (m.type() == MemoryType.LONG_TERM_PREFERENCE) {
                assertThat(f.keywordMatch()).isGreaterThanOrEqualTo(0.3);
            }
        }
    }

    @Property(tries = 300)
    void theRankingIsSortedWithinTheLimitAndTheGuardNeverShrinksIt(@ForAll("memories") List<Memory> memories,
                                                                    @ForAll("queries") Set<String> query,
                                                                    @ForAll("filters") RecallFilter filter,
                                                                    @ForAll @IntRange(min = 1, max = 10) int limit,
                                                                    @ForAll RankingMode mode) {
        List<ScoredMemory> ranked = ranker(mode).rank(query, memories, filter, AS_OF, limit);

        List<Memory> matching = memories.stream()
                .filter(m -> dev.pmmemory.domain.memory.Lifetime.isVisibleAt(m, AS_OF) && filter.matches(m))
                .toList();
        boolean preferenceVisible = memories.stream().anyMatch(m -> m.type() == MemoryType.LONG_TERM_PREFERENCE
                && dev.pmmemory.domain.memory.Lifetime.isVisibleAt(m, AS_OF) && filter.admitsType(m.type()));

        assertThat(ranked).hasSizeLessThanOrEqualTo(limit);
        assertThat(ranked.size()).isGreaterThanOrEqualTo(Math.min(limit, matching.size()));
        assertThat(ranked.stream().map(s -> s.memory().id())).doesNotHaveDuplicates();
        assertThat(ranked).allSatisfy(s -> {
            assertThat(dev.pmmemory.domain.memory.Lifetime.isVisibleAt(s.memory(), AS_OF)).isTrue();
            assertThat(filter.admitsType(s.memory().type())).isTrue();
        });
        if (preferenceVisible) {
            assertThat(ranked).anyMatch(s -> s.memory().type() == MemoryType.LONG_TERM_PREFERENCE);
        }
        // sorted; with an entity filter the carried preference may be one that does not name the
        // entity: it is appended last whatever its score
        List<ScoredMemory> ordered = new ArrayList<>(ranked);
        if (!ordered.isEmpty() && !filter.matches(ordered.get(ordered.size() - 1).memory())) {
            assertThat(filter.entity()).isPresent();
            assertThat(ordered.get(ordered.size() - 1).memory().type()).isEqualTo(MemoryType.LONG_TERM_PREFERENCE);
            ordered.remove(ordered.size() - 1);
        }
        assertThat(ordered).isSortedAccordingTo(order(mode));
        assertThat(ordered).allSatisfy(s -> assertThat(filter.matches(s.memory())).isTrue());
    }

    @Property(tries = 200)
    void withoutAnEntityFilterTheWholeRankingIsSortedAndIsThePlainTopKOrTheGuardedOne(
            @ForAll("memories") List<Memory> memories, @ForAll("queries") Set<String> query,
            @ForAll @IntRange(min = 1, max = 10) int limit, @ForAll RankingMode mode) {
        List<ScoredMemory> ranked = ranker(mode).rank(query, memories, RecallFilter.NONE, AS_OF, limit);

        List<ScoredMemory> all = memories.stream()
                .filter(m -> dev.pmmemory.domain.memory.Lifetime.isVisibleAt(m, AS_OF))
                .map(m -> ranker(mode).score(m, query, AS_OF))
                .sorted(order(mode)).toList();
        List<ScoredMemory> plain = all.subList(0, Math.min(limit, all.size()));
        Optional<ScoredMemory> bestPreference = all.stream()
                .filter(s -> s.memory().type() == MemoryType.LONG_TERM_PREFERENCE).findFirst();

        assertThat(ranked).isSortedAccordingTo(order(mode));
        if (bestPreference.isEmpty() || plain.contains(bestPreference.get())) {
            assertThat(ranked).isEqualTo(plain);
        } else {
            List<ScoredMemory> guarded = new ArrayList<>(plain.subList(0, plain.size() - 1));
            guarded.add(bestPreference.get());
            assertThat(ranked).isEqualTo(guarded);
        }
        assertThat(new HashSet<>(ranked)).hasSize(ranked.size());
    }

    @Property(tries = 300)
    void aMemoryMatchesExactlyWhenItSharesATermItStillHoldsAndRelevanceRanksItAboveEveryOtherOne(
            @ForAll("memories") List<Memory> memories, @ForAll("queries") Set<String> query,
            @ForAll @IntRange(min = 1, max = 10) int limit) {
        ContextRanker relevance = ranker(RankingMode.RELEVANCE);
        List<ScoredMemory> ranked = relevance.rank(query, memories, RecallFilter.NONE, AS_OF, limit);

        for (ScoredMemory s : ranked) {
            Set<String> held = new HashSet<>(s.memory().keywords());
            held.removeAll(s.memory().supersededEntityKeys()); // given up to a newer opposite decision
            assertThat(s.matched()).as(s.memory().id()).isEqualTo(held.stream().anyMatch(query::contains));
        }
        long matchingVisible = memories.stream()
                .filter(m -> dev.pmmemory.domain.memory.Lifetime.isVisibleAt(m, AS_OF))
                .filter(m -> relevance.score(m, query, AS_OF).matched()).count();
        // the top K is the matching memories first: an unmatched one only where fewer than K match
        // (or the guard's preference, last)
        List<ScoredMemory> withoutGuard = ranked.isEmpty() || ranked.get(ranked.size() - 1).matched()
                || ranked.get(ranked.size() - 1).memory().type() != MemoryType.LONG_TERM_PREFERENCE
                ? ranked : ranked.subList(0, ranked.size() - 1);
        assertThat(withoutGuard.stream().filter(ScoredMemory::matched).count())
                .isEqualTo(Math.min(matchingVisible, withoutGuard.size()));
    }
}
