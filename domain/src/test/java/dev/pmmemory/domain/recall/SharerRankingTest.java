package dev.pmmemory.domain.recall;

import static dev.pmmemory.domain.recall.RankerFixtures.AS_OF;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.pmmemory.domain.memory.MemoryType;
import dev.pmmemory.domain.text.Jaccard;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.OptionalDouble;
import java.util.Random;
import java.util.Set;
import org.junit.jupiter.api.Test;

class SharerRankingTest {
    private static final RecallPolicy POLICY = new RecallPolicy(RankerFixtures.RANKER);

    @Test
    void itsScoreIsTheRankersToTheLastBit() {
        SharerRanking ranking = POLICY.sharerRankings(Set.of("openai", "估值", "海外"), RecallFilter.NONE, RecallWindow.present(AS_OF), 3)
                .get(0);
        Random r = new Random(7);
        for (int i = 0; i < 2_000; i++) {
            MemoryType type = MemoryType.values()[r.nextInt(MemoryType.values().length)];
            int termCount = 1 + r.nextInt(20);
            int shared = 1 + r.nextInt(Math.min(3, termCount));
            int weight = 1 + r.nextInt(30);
            var lastSeen = AS_OF.minus(Duration.ofMinutes(r.nextInt(60 * 24 * 400)));
            double exact = RankerFixtures.RANKER.factorsFromJaccard(type, weight, lastSeen,
                    Jaccard.fromCounts(3, termCount, shared), OptionalDouble.empty(), AS_OF).score();

            assertThat(ranking.score(type, weight, lastSeen, shared, termCount)).isEqualTo(exact);
        }
    }

    @Test
    void theRankingsAskForTheKBestOfTheAdmittedTypesAndTheBestPreference() {
        List<SharerRanking> all = POLICY.sharerRankings(Set.of("openai"), RecallFilter.NONE, RecallWindow.present(AS_OF), 3);
        assertThat(all).hasSize(2);
        assertThat(all.get(0).types()).containsExactlyInAnyOrder(MemoryType.values());
        assertThat(List.of(all.get(0).needed(), all.get(1).needed())).containsExactly(3, 1);
        assertThat(all.get(1).types()).containsExactly(MemoryType.LONG_TERM_PREFERENCE);
        assertThat(all).allSatisfy(r -> assertThat(r.limit()).isGreaterThan(r.needed()));

        List<SharerRanking> noPreferences = POLICY.sharerRankings(Set.of("openai"),
                new RecallFilter(Set.of(MemoryType.PROJECT_ADVANCE), Optional.empty()), RecallWindow.present(AS_OF), 3);
        assertThat(noPreferences).singleElement()
                .satisfies(r -> assertThat(r.types()).containsExactly(MemoryType.PROJECT_ADVANCE));
        assertThat(POLICY.sharerRankings(Set.of(), RecallFilter.NONE, RecallWindow.present(AS_OF), 3)).isEmpty();
    }

    @Test
    void aStoresAnswerSettlesOnlyWhenNothingLeftOutCouldReachTheLastNeeded() {
        SharerRanking r = new SharerRanking(RecallWindow.present(AS_OF), Set.of("x"), Set.of(MemoryType.MARKET_INFO),
                java.util.Map.of(), 2, 4);

        assertThat(r.settles(List.of(0.9, 0.8, 0.7))).as("fewer than the limit: every sharer was handed over")
                .isTrue();
        assertThat(r.settles(List.of(0.9, 0.8, 0.7, 0.6))).isTrue();
        assertThat(r.settles(List.of(0.9, 0.8, 0.8, 0.8))).as("a tie at the last needed may continue").isFalse();
        assertThat(r.settles(List.of(0.9, 0.8, 0.8, 0.8 - 1e-12))).as("within rounding of it").isFalse();
        assertThatThrownBy(() -> new SharerRanking(RecallWindow.present(AS_OF), Set.of("x"), Set.of(MemoryType.MARKET_INFO),
                java.util.Map.of(), 2, 2)).isInstanceOf(IllegalArgumentException.class);
    }

    @Test
    void everySharerOfOneTermReachingTheThresholdIsInsideACutoffAndMostOthersAreNot() {
        SharerRanking ranking = POLICY.sharerRankings(Set.of("nova3", "估值"), RecallFilter.NONE, RecallWindow.present(AS_OF), 3).get(0);
        Random r = new Random(11);
        for (double threshold : new double[] {0.2, 0.45, 0.55, 0.594, 0.65, 0.9}) {
            List<SharerRanking.Cutoff> cutoffs = ranking.cutoffsSharingOneTerm(threshold);
            int reaching = 0;
            int inside = 0;
            for (int i = 0; i < 20_000; i++) {
                MemoryType type = MemoryType.values()[r.nextInt(MemoryType.values().length)];
                int termCount = 1 + r.nextInt(r.nextBoolean() ? 12 : 80);
                int weight = 1 + r.nextInt(r.nextInt(4) == 0 ? 30 : 2);
                var lastSeen = AS_OF.minus(Duration.ofSeconds(r.nextInt(86_400 * 200))).plusSeconds(r.nextInt(50));
                double score = ranking.score(type, weight, lastSeen, 1, termCount);
                boolean in = cutoffs.stream().anyMatch(c -> c.type() == type && c.termCountFrom() <= termCount
                        && termCount <= c.termCountTo() && lastSeen.toEpochMilli() >= c.lastSeenAtFrom());
                if (score >= threshold - SharerRanking.TOLERANCE) {
                    reaching++;
                    assertThat(in).as("%s tc %d w %d seen %s score %s >= %s", type, termCount, weight, lastSeen,
                            score, threshold).isTrue();
                }
                inside += in ? 1 : 0;
            }
            if (threshold >= 0.55) {
                assertThat(inside).as("a high threshold leaves most sharers out (%d reach it)", reaching)
                        .isLessThan(20_000 / 2);
            }
        }
    }

    @Test
    void cutoffsOfOneTypeCoverConsecutiveTermCountsAndStopWhereNoneCanReach() {
        SharerRanking ranking = POLICY.sharerRankings(Set.of("nova3", "估值"), RecallFilter.NONE, RecallWindow.present(AS_OF), 3).get(0);
        assertThat(ranking.cutoffsSharingOneTerm(1.01)).as("nothing reaches more than the cap").isEmpty();
        List<SharerRanking.Cutoff> any = ranking.cutoffsSharingOneTerm(0.0);
        assertThat(any).as("a threshold of 0: every sharer, one range per type").hasSize(MemoryType.values().length)
                .allSatisfy(c -> assertThat(List.of(c.termCountFrom(), c.termCountTo()))
                        .containsExactly(1, Integer.MAX_VALUE))
                .allSatisfy(c -> assertThat(c.lastSeenAtFrom()).isEqualTo(Long.MIN_VALUE));
    }
}
