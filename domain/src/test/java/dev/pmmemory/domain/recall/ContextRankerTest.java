package dev.pmmemory.domain.recall;

import static dev.pmmemory.domain.recall.RankerFixtures.AS_OF;
import static dev.pmmemory.domain.recall.RankerFixtures.RANKER;
import static dev.pmmemory.domain.recall.RankerFixtures.daysAgo;
import static dev.pmmemory.domain.recall.RankerFixtures.memory;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import dev.pmmemory.domain.memory.Memory;
import dev.pmmemory.domain.memory.MemoryStatus;
import dev.pmmemory.domain.memory.MemoryType;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Optional;
import java.util.Random;
import java.util.Set;
import java.util.stream.Stream;
import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.EnumSource;
import org.junit.jupiter.params.provider.MethodSource;

/** rules.md §6: the score, its factors, the order and the top-K guard. */
class ContextRankerTest {

    private static ScoredMemory score(Memory m, Set<String> query) {
        return RANKER.score(m, query, AS_OF);
    }

    private static List<String> ids(List<ScoredMemory> ranked) {
        return ranked.stream().map(s -> s.memory().id()).toList();
    }

    private static List<ScoredMemory> rank(Set<String> query, List<Memory> candidates, int limit) {
        return RANKER.rank(query, candidates, RecallFilter.NONE, AS_OF, limit);
    }

    private static RecallFilter types(MemoryType... types) {
        return new RecallFilter(Set.of(types), Optional.empty());
    }

    private static RecallFilter entity(String entity) {
        return new RecallFilter(Set.of(), Optional.of(entity));
    }

    // --- the factors -----------------------------------------------------------------------------

    @Nested
    class Factors {

        static Stream<Arguments> keywordMatches() {
            return Stream.of(
                    Arguments.of("same terms", Set.of("openai", "估值"), List.of("openai", "估值"), 1.0),
                    Arguments.of("half shared", Set.of("openai", "估值"), List.of("openai", "估值", "值高", "商业"), 0.5),
                    Arguments.of("one of three", Set.of("openai", "估值"), List.of("估值", "值高"), 1.0 / 3),
                    Arguments.of("one of five", Set.of("a1", "a2", "a3"), List.of("a3", "b1", "b2"), 1.0 / 5),
                    Arguments.of("nothing shared", Set.of("openai"), List.of("anthropic", "推进"), 0.0),
                    Arguments.of("empty query", Set.of(), List.of("openai"), 0.0),
                    Arguments.of("memory without keywords", Set.of("openai"), List.of(), 0.0),
                    Arguments.of("duplicate keywords count once", Set.of("openai"), List.of("openai", "openai"), 1.0));
        }

        @ParameterizedTest(name = "{0}")
        @MethodSource("keywordMatches")
        void keywordMatchIsTheJaccardSimilarity(String name, Set<String> query, List<String> keywords, double expected) {
            Memory m = memory("m1", MemoryType.PROJECT_NEGATIVE, AS_OF).keywords(keywords).build();

            assertThat(score(m, query).factors().keywordMatch()).isCloseTo(expected, within(1e-12));
        }

        @ParameterizedTest(name = "{0}")
        @MethodSource("keywordMatches")
        void aPreferenceKeywordMatchIsFlooredAtPointThree(String name, Set<String> query, List<String> keywords,
                                                          double jaccard) {
            Memory m = memory("m1", MemoryType.LONG_TERM_PREFERENCE, AS_OF).keywords(keywords).build();

            assertThat(score(m, query).factors().keywordMatch()).isCloseTo(Math.max(0.3, jaccard), within(1e-12));
        }

        @ParameterizedTest
        @EnumSource(value = MemoryType.class, names = "LONG_TERM_PREFERENCE", mode = EnumSource.Mode.EXCLUDE)
        void noOtherTypeHasAFloor(MemoryType type) {
            Memory unrelated = memory("m1", type, AS_OF, "openai").build();
            Memory weak = memory("m2", type, AS_OF, "a3", "b1", "b2").build();

            assertThat(score(unrelated, Set.of("天气")).factors().keywordMatch()).isZero();
            assertThat(score(weak, Set.of("a1", "a2", "a3")).factors().keywordMatch()).isCloseTo(0.2, within(1e-12));
        }

        @Test
        void aPreferenceStartsAtPointFourTwoEvenWhenOldAndUnrelated() {
            Memory stale = memory("p1", MemoryType.LONG_TERM_PREFERENCE, daysAgo(3650), "大模型").build();

            assertThat(score(stale, Set.of("天气")).score()).isGreaterThanOrEqualTo(0.42);
        }

        @ParameterizedTest(name = "last seen {0} days before as_of")
        @CsvSource({"0, 1.0", "0.5, 0.98347145382", "1, 0.96721610048", "30, 0.36787944117", "45, 0.22313016015",
                "90, 0.04978706837", "-0.001, 1.0", "-5, 1.0", "-400, 1.0"})
        void recencyDecaysAsExpOfMinusDaysOverThirtyAndIsClampedForTheFuture(double days, double expected) {
            Memory m = memory("m1", MemoryType.PROJECT_NEGATIVE, daysAgo(days)).build();

            assertThat(score(m, Set.of()).factors().recencyDecay()).isCloseTo(expected, within(1e-10));
        }

        @Test
        void recencyIsMeasuredToTheMillisecond() {
            Memory m = memory("m1", MemoryType.PROJECT_NEGATIVE, AS_OF.minus(Duration.ofHours(36))).build();

            assertThat(score(m, Set.of()).factors().recencyDecay()).isCloseTo(Math.exp(-1.5 / 30), within(1e-12));
        }

        @ParameterizedTest(name = "weight {0}")
        @CsvSource({"1, 0.1", "2, 0.2", "5, 0.5", "9, 0.9", "10, 1.0", "11, 1.0", "15, 1.0", "1000, 1.0"})
        void weightIsNormalisedAndSaturatesAtTen(int weight, double expected) {
            Memory m = memory("m1", MemoryType.PROJECT_NEGATIVE, AS_OF).weight(weight).build();

            assertThat(score(m, Set.of()).factors().weightNormalized()).isCloseTo(expected, within(1e-12));
        }

        @ParameterizedTest
        @EnumSource(MemoryType.class)
        void typePriorityComesFromTheGivenFunction(MemoryType type) {
            Memory m = memory("m1", type, AS_OF).build();

            assertThat(score(m, Set.of()).factors().typePriority()).isEqualTo(RankerFixtures.PRIORITY.get(type));
            ContextRanker custom = new ContextRanker(t -> t == type ? 0.25 : 0.75);
            assertThat(custom.score(m, Set.of(), AS_OF).factors().typePriority()).isEqualTo(0.25);
        }

        @Test
        void theScoreIsTheWeightedSumOfTheFactors() {
            Memory m = memory("m1", MemoryType.PROJECT_NEGATIVE, daysAgo(30), "openai", "估值", "值高", "商业")
                    .weight(5).build();

            ScoredMemory s = score(m, Set.of("openai", "估值"));

            assertThat(s.factors()).isEqualTo(new ScoreFactors(0.5, Math.exp(-1), 0.9, 0.5));
            assertThat(s.score()).isCloseTo(0.4 * 0.5 + 0.2 * Math.exp(-1) + 0.3 * 0.9 + 0.1 * 0.5, within(1e-12));
            assertThat(s.score()).isEqualTo(s.factors().score());
            assertThat(s.memory()).isSameAs(m);
        }
    }

    // --- order -----------------------------------------------------------------------------------

    @Nested
    class Order {

        @Test
        void higherScoresFirst() {
            List<Memory> memories = List.of(
                    memory("a-temp", MemoryType.TEMP_STATUS, AS_OF).build(),
                    memory("b-match", MemoryType.TEMP_STATUS, AS_OF, "openai").build(),
                    memory("c-negative", MemoryType.PROJECT_NEGATIVE, AS_OF).build(),
                    memory("d-old-negative", MemoryType.PROJECT_NEGATIVE, daysAgo(60)).build(),
                    memory("e-heavy-negative", MemoryType.PROJECT_NEGATIVE, daysAgo(60)).weight(12).build());

            List<ScoredMemory> ranked = rank(Set.of("openai"), memories, 10);

            assertThat(ids(ranked)).containsExactly("b-match", "c-negative", "e-heavy-negative", "d-old-negative",
                    "a-temp");
            assertThat(ranked).extracting(ScoredMemory::score).isSortedAccordingTo(Collections.reverseOrder());
        }

        @Test
        void equalScoresAreOrderedByLastSeenMostRecentFirst() {
            // seen after as_of: recency is clamped to 1, so the scores are equal
            List<Memory> memories = List.of(
                    memory("a", MemoryType.PROJECT_NEGATIVE, AS_OF.plus(Duration.ofDays(1))).build(),
                    memory("b", MemoryType.PROJECT_NEGATIVE, AS_OF.plus(Duration.ofDays(3))).build(),
                    memory("c", MemoryType.PROJECT_NEGATIVE, AS_OF).build());

            List<ScoredMemory> ranked = rank(Set.of(), memories, 10);

            assertThat(ranked).extracting(ScoredMemory::score).containsOnly(ranked.get(0).score());
            assertThat(ids(ranked)).containsExactly("b", "a", "c");
        }

        @Test
        void equalScoresAndLastSeenAreOrderedByIdAscending() {
            List<Memory> memories = List.of(
                    memory("id-3", MemoryType.PROJECT_NEGATIVE, daysAgo(2)).build(),
                    memory("id-1", MemoryType.PROJECT_NEGATIVE, daysAgo(2)).build(),
                    memory("id-2", MemoryType.PROJECT_NEGATIVE, daysAgo(2)).build());

            assertThat(ids(rank(Set.of(), memories, 10))).containsExactly("id-1", "id-2", "id-3");
        }

        @Test
        void theInputOrderDoesNotMatter() {
            List<Memory> memories = new ArrayList<>();
            for (int i = 0; i < 12; i++) {
                memories.add(memory("m" + i, MemoryType.values()[i % 6], daysAgo(i % 4), i % 3 == 0 ? "openai" : "x")
                        .weight(1 + i % 5).build());
            }
            List<String> expected = ids(rank(Set.of("openai"), memories, 5));

            Random random = new Random(7);
            for (int round = 0; round < 10; round++) {
                Collections.shuffle(memories, random);
                assertThat(ids(rank(Set.of("openai"), memories, 5))).isEqualTo(expected);
            }
        }

        @Test
        void theLimitCutsTheList() {
            List<Memory> memories = List.of(
                    memory("a", MemoryType.PROJECT_NEGATIVE, AS_OF).build(),
                    memory("b", MemoryType.PROJECT_ADVANCE, AS_OF).build(),
                    memory("c", MemoryType.MARKET_INFO, AS_OF).build());

            assertThat(ids(rank(Set.of(), memories, 1))).containsExactly("a");
            assertThat(ids(rank(Set.of(), memories, 2))).containsExactly("a", "b");
            assertThat(ids(rank(Set.of(), memories, 50))).containsExactly("a", "b", "c");
            assertThat(rank(Set.of("openai"), List.of(), 3)).isEmpty();
        }

        @Test
        void aLimitBelowOneIsRefused() {
            assertThatThrownBy(() -> rank(Set.of(), List.of(), 0)).isInstanceOf(IllegalArgumentException.class);
        }
    }

    // --- visibility ------------------------------------------------------------------------------

    @Test
    void memoriesInvisibleAtAsOfAreDropped() {
        Memory visible = memory("visible", MemoryType.PROJECT_NEGATIVE, daysAgo(1), "openai").build();
        List<Memory> invisible = List.of(
                memory("pending", MemoryType.PROJECT_NEGATIVE, daysAgo(1), "openai").status(MemoryStatus.PENDING)
                        .validFrom(null).build(),
                memory("rejected", MemoryType.PROJECT_NEGATIVE, daysAgo(1), "openai").status(MemoryStatus.REJECTED)
                        .validFrom(null).build(),
                memory("said-later", MemoryType.PROJECT_NEGATIVE, AS_OF.plusMillis(1), "openai")
                        .validFrom(AS_OF.plusMillis(1)).build(),
                memory("expired", MemoryType.PROJECT_NEGATIVE, daysAgo(31), "openai").expiresAt(AS_OF).build(),
                memory("superseded", MemoryType.PROJECT_NEGATIVE, daysAgo(1), "openai")
                        .status(MemoryStatus.SUPERSEDED).validUntil(AS_OF).build(),
                memory("pending-preference", MemoryType.LONG_TERM_PREFERENCE, daysAgo(1), "openai")
                        .status(MemoryStatus.PENDING).validFrom(null).build(),
                memory("later-preference", MemoryType.LONG_TERM_PREFERENCE, AS_OF.plusMillis(1))
                        .validFrom(AS_OF.plusMillis(1)).build());
        List<Memory> all = new ArrayList<>(invisible);
        all.add(visible);

        assertThat(ids(rank(Set.of("openai"), all, 50))).containsExactly("visible");
    }

    @Test
    void aMemorySupersededLaterIsStillRankedForAnEarlierAsOf() {
        Memory m = memory("m1", MemoryType.PROJECT_ADVANCE, daysAgo(5)).status(MemoryStatus.SUPERSEDED)
                .validUntil(AS_OF.plusMillis(1)).build();

        assertThat(ids(rank(Set.of(), List.of(m), 3))).containsExactly("m1");
    }

    // --- top-K guard -----------------------------------------------------------------------------

    @Nested
    class TopKGuard {
        private final Memory n1 = memory("n1", MemoryType.PROJECT_NEGATIVE, AS_OF, "openai").weight(10).build();
        private final Memory n2 = memory("n2", MemoryType.PROJECT_NEGATIVE, daysAgo(1), "openai").weight(10).build();
        private final Memory n3 = memory("n3", MemoryType.PROJECT_NEGATIVE, daysAgo(2), "openai").weight(10).build();
        private final Memory stalePreference = memory("p-stale", MemoryType.LONG_TERM_PREFERENCE, daysAgo(300),
                "大模型").build();
        private final Memory olderPreference = memory("p-older", MemoryType.LONG_TERM_PREFERENCE, daysAgo(600),
                "海外").build();

        @Test
        void thePlainRankingLeavesThePreferenceOut() {
            // the premise of the tests below: the preference scores below all three negatives
            ScoredMemory preference = score(stalePreference, Set.of("openai"));
            assertThat(List.of(n1, n2, n3)).allSatisfy(n ->
                    assertThat(score(n, Set.of("openai")).score()).isGreaterThan(preference.score()));
        }

        @Test
        void aPreferenceOutsideTheTopKReplacesTheLastItem() {
            List<ScoredMemory> ranked = rank(Set.of("openai"), List.of(n3, stalePreference, n1, n2), 3);

            assertThat(ids(ranked)).containsExactly("n1", "n2", "p-stale");
        }

        @Test
        void withALimitOfOneOnlyThePreferenceIsLeft() {
            assertThat(ids(rank(Set.of("openai"), List.of(n1, n2, stalePreference), 1))).containsExactly("p-stale");
        }

        @Test
        void theBestScoringVisiblePreferenceIsTheOneCarried() {
            Memory hiddenBetter = memory("p-pending", MemoryType.LONG_TERM_PREFERENCE, AS_OF, "openai")
                    .status(MemoryStatus.PENDING).validFrom(null).build();

            List<ScoredMemory> ranked = rank(Set.of("openai"),
                    List.of(olderPreference, n1, n2, n3, stalePreference, hiddenBetter), 2);

            assertThat(ids(ranked)).containsExactly("n1", "p-stale");
        }

        @Test
        void betweenEquallyScoredPreferencesTheMostRecentlySeenThenTheSmallestIdIsCarried() {
            Memory pA = memory("p-a", MemoryType.LONG_TERM_PREFERENCE, AS_OF.plus(Duration.ofDays(1))).build();
            Memory pB = memory("p-b", MemoryType.LONG_TERM_PREFERENCE, AS_OF.plus(Duration.ofDays(2))).build();
            Memory pC = memory("p-c", MemoryType.LONG_TERM_PREFERENCE, AS_OF.plus(Duration.ofDays(2))).build();
            // a filter without preferences in the ranking, but admitting them for the guard
            Memory about = memory("n-about", MemoryType.PROJECT_NEGATIVE, AS_OF).entities(List.of("OpenAI")).build();

            List<ScoredMemory> ranked = RANKER.rank(Set.of(), List.of(pA, pC, about, pB), entity("OpenAI"), AS_OF, 1);

            assertThat(ids(ranked)).containsExactly("p-b");
        }

        @Test
        void aPreferenceAlreadyInTheTopKIsNotAddedAgain() {
            Memory matching = memory("p-match", MemoryType.LONG_TERM_PREFERENCE, AS_OF, "openai").weight(10).build();

            List<ScoredMemory> ranked = rank(Set.of("openai"), List.of(n1, n2, n3, matching, stalePreference), 3);

            assertThat(ids(ranked)).containsExactly("p-match", "n1", "n2");
        }

        @Test
        void withRoomLeftThePreferenceIsItsOwnRankAndNothingIsDropped() {
            List<ScoredMemory> ranked = rank(Set.of("openai"), List.of(n1, n2, n3, stalePreference), 10);

            assertThat(ids(ranked)).containsExactly("n1", "n2", "n3", "p-stale");
        }

        @Test
        void aTypesFilterWithoutPreferencesCarriesNone() {
            List<ScoredMemory> ranked = RANKER.rank(Set.of("openai"), List.of(n1, n2, n3, stalePreference),
                    types(MemoryType.PROJECT_NEGATIVE), AS_OF, 3);

            assertThat(ids(ranked)).containsExactly("n1", "n2", "n3");
        }

        @Test
        void aTypesFilterWithPreferencesStillCarriesOne() {
            List<ScoredMemory> ranked = RANKER.rank(Set.of("openai"), List.of(n1, n2, n3, stalePreference),
                    types(MemoryType.PROJECT_NEGATIVE, MemoryType.LONG_TERM_PREFERENCE), AS_OF, 3);

            assertThat(ids(ranked)).containsExactly("n1", "n2", "p-stale");
        }

        @Test
        void anEntityFilterStillCarriesAPreferenceThatDoesNotNameTheEntity() {
            Memory a1 = n1.toBuilder().entities(List.of("OpenAI")).build();
            Memory a2 = n2.toBuilder().entities(List.of("OpenAI")).build();
            Memory other = n3.toBuilder().id("n-other").entities(List.of("Anthropic")).build();

            List<ScoredMemory> limited = RANKER.rank(Set.of("openai"), List.of(a1, a2, other, stalePreference),
                    entity("openai"), AS_OF, 2);
            List<ScoredMemory> roomy = RANKER.rank(Set.of("openai"), List.of(a1, a2, other, stalePreference),
                    entity("openai"), AS_OF, 5);

            assertThat(ids(limited)).containsExactly("n1", "p-stale");
            assertThat(ids(roomy)).containsExactly("n1", "n2", "p-stale");
        }

        @Test
        void withAnEntityFilterTheCarriedPreferenceTakesTheLastPlaceEvenWhenItScoresHigher() {
            Memory staleAbout = memory("n-stale", MemoryType.PROJECT_POSITIVE, daysAgo(90))
                    .entities(List.of("OpenAI")).build();
            Memory staleAbout2 = memory("n-stale2", MemoryType.PROJECT_POSITIVE, daysAgo(95))
                    .entities(List.of("OpenAI")).build();
            Memory freshPreference = memory("p-fresh", MemoryType.LONG_TERM_PREFERENCE, AS_OF).build();

            List<ScoredMemory> ranked = RANKER.rank(Set.of(), List.of(staleAbout, staleAbout2, freshPreference),
                    entity("OpenAI"), AS_OF, 2);

            // rules.md §6: "the last item is replaced by the best-scoring one" (not re-sorted)
            assertThat(ids(ranked)).containsExactly("n-stale", "p-fresh");
            assertThat(ranked.get(1).score()).isGreaterThan(ranked.get(0).score());
        }

        @Test
        void noVisiblePreferenceNoChange() {
            Memory gone = stalePreference.toBuilder().status(MemoryStatus.DELETED).validUntil(daysAgo(1)).build();

            assertThat(ids(rank(Set.of("openai"), List.of(n1, n2, n3, gone), 2))).containsExactly("n1", "n2");
        }

        @Test
        void thePreferenceKeepsItsOwnScoreAndFactors() {
            ScoredMemory carried = rank(Set.of("openai"), List.of(n1, n2, stalePreference), 2).get(1);

            assertThat(carried).isEqualTo(score(stalePreference, Set.of("openai")));
            assertThat(carried.factors().keywordMatch()).isEqualTo(0.3);
        }
    }

    @Test
    void aScoreWithEveryFactorAtOneIsOneNotAHairAbove() {
        // 0.4 + 0.2 + 0.3 + 0.1 is 1.0000000000000002 in doubles; the API promises a score in [0, 1]
        assertThat(new ScoreFactors(1.0, 1.0, 1.0, 1.0).score()).isEqualTo(1.0);
    }
}
