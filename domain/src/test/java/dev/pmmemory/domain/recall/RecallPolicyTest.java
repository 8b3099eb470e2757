package dev.pmmemory.domain.recall;

import static dev.pmmemory.domain.recall.RankerFixtures.AS_OF;
import static dev.pmmemory.domain.recall.RankerFixtures.daysAgo;
import static org.assertj.core.api.Assertions.assertThat;

import dev.pmmemory.domain.memory.MemoryType;
import dev.pmmemory.domain.text.Jaccard;
import java.util.List;
import java.util.Optional;
import java.util.OptionalDouble;
import java.util.Set;
import org.junit.jupiter.api.Test;

class RecallPolicyTest {
    private static final RecallPolicy POLICY = new RecallPolicy(RankerFixtures.RANKER);

    @Test
    void weightsPastSaturationShareTheLastBucketBecauseTheyScoreAlike() {
        assertThat(RecallPolicy.weightBucket(1)).isEqualTo(1);
        assertThat(RecallPolicy.weightBucket(RecallPolicy.heaviestWeightBucket())).isEqualTo(RecallPolicy.heaviestWeightBucket());
        assertThat(RecallPolicy.weightBucket(57)).isEqualTo(RecallPolicy.heaviestWeightBucket());
        // the bucket is exactly what weight_normalized can tell apart
        ScoreFactors ten = RankerFixtures.RANKER.factorsSharingNoTerm(MemoryType.MARKET_INFO, 10, AS_OF,
                OptionalDouble.empty(), AS_OF);
        ScoreFactors many = RankerFixtures.RANKER.factorsSharingNoTerm(MemoryType.MARKET_INFO, 57, AS_OF,
                OptionalDouble.empty(), AS_OF);
        assertThat(many).isEqualTo(ten);
    }

    @Test
    void keywordRecallReadsTheEntityWholeAndTheKMostRecentOfEachGroupAndTheTermSharersAsFactsFirst() {
        RecallCandidates q = POLICY.candidates(Set.of("openai"), new RecallFilter(Set.of(), Optional.of("OpenAI")),
                RecallWindow.present(AS_OF), 4, false);

        // the term sharers (sharerRankings) and the groups' most recent (worthReadingWhole) are read as facts first
        assertThat(q).isEqualTo(new RecallCandidates(RecallWindow.present(AS_OF), Set.of(), Optional.of("openai"), 0));
        assertThat(POLICY.mostRecentPerGroup(4, false)).isEqualTo(4);
    }

    @Test
    void ofTheTermSharersTheKBestByTheirExactScoreAndTheBestPreferenceAreWorthReading() {
        // query of 2 terms: sharing both of 2 keywords is jaccard 1, one of 11 is 1/12
        List<TermSharer> sharers = List.of(
                new TermSharer(new RankingKey("recent-weak", MemoryType.PROJECT_NEGATIVE, 1, daysAgo(0)), 1, 11, false, OptionalDouble.empty()),
                new TermSharer(new RankingKey("older-exact", MemoryType.PROJECT_NEGATIVE, 1, daysAgo(20)), 2, 2, false, OptionalDouble.empty()),
                new TermSharer(new RankingKey("market", MemoryType.MARKET_INFO, 3, daysAgo(1)), 1, 3, false, OptionalDouble.empty()),
                new TermSharer(new RankingKey("pref", MemoryType.LONG_TERM_PREFERENCE, 1, daysAgo(200)), 1, 20, false, OptionalDouble.empty()));

        assertThat(POLICY.sharersWorthReadingWhole(sharers, 2, RecallFilter.NONE, AS_OF, 1))
                .containsExactly("older-exact", "pref");
        assertThat(POLICY.sharersWorthReadingWhole(sharers, 2, RecallFilter.NONE, AS_OF, 2))
                .containsExactly("older-exact", "recent-weak", "pref");
        assertThat(POLICY.sharersWorthReadingWhole(sharers, 2,
                new RecallFilter(Set.of(MemoryType.MARKET_INFO), Optional.empty()), AS_OF, 3)).containsExactly("market");
        assertThat(POLICY.sharersWorthReadingWhole(List.of(), 2, RecallFilter.NONE, AS_OF, 3)).isEmpty();
    }

    @Test
    void aPartlySupersededSharerIsAlwaysReadWholeSinceItsCountsIncludeTheEntitiesItGaveUp() {
        // counted over all its keywords it would look like jaccard 1; over its live terms it may be 0
        List<TermSharer> sharers = List.of(
                new TermSharer(new RankingKey("best", MemoryType.PROJECT_NEGATIVE, 1, daysAgo(0)), 2, 2, false, OptionalDouble.empty()),
                new TermSharer(new RankingKey("gave-up", MemoryType.PROJECT_ADVANCE, 1, daysAgo(300)), 1, 9, true,
                        OptionalDouble.empty()),
                new TermSharer(new RankingKey("filtered", MemoryType.MARKET_INFO, 1, daysAgo(0)), 1, 9, true, OptionalDouble.empty()));

        assertThat(POLICY.sharersWorthReadingWhole(sharers, 2,
                new RecallFilter(Set.of(MemoryType.PROJECT_NEGATIVE, MemoryType.PROJECT_ADVANCE), Optional.empty()),
                AS_OF, 1)).containsExactly("best", "gave-up");
    }

    @Test
    void relevanceFirstASharerOfALiveTermIsMatchedWhateverItsCosineSoTheSharersKeepTheirScoreOrder() {
        ContextRanker relevanceRanker = new ContextRanker(RankerFixtures.PRIORITY::get, new HybridMatch(0.6, 0.5),
                RankingMode.RELEVANCE);
        double weak = Jaccard.fromCounts(2, 50, 1);
        // the cosine only adds to the set similarity: below the unrelated level it takes nothing away
        assertThat(relevanceRanker.matches(weak, OptionalDouble.of(-1.0))).isTrue();
        assertThat(relevanceRanker.matches(weak, OptionalDouble.empty())).isTrue();
        assertThat(relevanceRanker.matches(0.0, OptionalDouble.of(0.4))).isFalse();
        assertThat(relevanceRanker.matches(0.0, OptionalDouble.of(0.9))).isTrue();
        List<TermSharer> sharers = List.of(
                new TermSharer(new RankingKey("weak-far", MemoryType.PROJECT_NEGATIVE, 10, daysAgo(0)), 1, 50, false,
                        OptionalDouble.of(-1.0)),
                new TermSharer(new RankingKey("close-old", MemoryType.TEMP_STATUS, 1, daysAgo(100)), 1, 50, false,
                        OptionalDouble.of(0.9)),
                new TermSharer(new RankingKey("gave-up", MemoryType.TEMP_STATUS, 1, daysAgo(100)), 1, 2, true,
                        OptionalDouble.of(0.9)));
        boolean weakFarFirst = relevanceRanker.factorsFromJaccard(MemoryType.PROJECT_NEGATIVE, 10, daysAgo(0), weak,
                OptionalDouble.of(-1.0), AS_OF).score() > relevanceRanker.factorsFromJaccard(MemoryType.TEMP_STATUS,
                1, daysAgo(100), weak, OptionalDouble.of(0.9), AS_OF).score();

        assertThat(new RecallPolicy(relevanceRanker).sharersWorthReadingWhole(sharers, 2, RecallFilter.NONE, AS_OF, 1))
                .containsExactly(weakFarFirst ? "weak-far" : "close-old", "gave-up");
    }

    @Test
    void semanticRecallReadsNoGroupSinceTheCosineCanLiftAnOldMemory() {
        assertThat(POLICY.candidates(Set.of(), RecallFilter.NONE, RecallWindow.present(AS_OF), 4, true).mostRecentPerGroup()).isZero();
        assertThat(POLICY.mostRecentPerGroup(4, true)).isZero();
    }

    @Test
    void ofTheUnreadMemoriesTheKBestAndTheBestPreferenceAreWorthReading() {
        List<UnreadMemory> rest = List.of(
                new UnreadMemory(new RankingKey("old-close", MemoryType.MARKET_INFO, 1, daysAgo(300)), OptionalDouble.of(0.95)),
                new UnreadMemory(new RankingKey("recent-far", MemoryType.MARKET_INFO, 1, daysAgo(1)), OptionalDouble.of(-0.2)),
                new UnreadMemory(new RankingKey("negative", MemoryType.PROJECT_NEGATIVE, 1, daysAgo(2)), OptionalDouble.empty()),
                new UnreadMemory(new RankingKey("old-pref", MemoryType.LONG_TERM_PREFERENCE, 1, daysAgo(400)), OptionalDouble.empty()),
                new UnreadMemory(new RankingKey("temp", MemoryType.TEMP_STATUS, 1, daysAgo(1)), OptionalDouble.empty()));
        RecallPolicy semantic = new RecallPolicy(new ContextRanker(RankerFixtures.PRIORITY::get,
                new HybridMatch(0.6, 0.0), RankingMode.SCORE_ONLY));

        // the cosine lifts the 300-day-old market info above the recent one of its group
        assertThat(semantic.worthReadingWhole(rest, RecallFilter.NONE, AS_OF, 3))
                .containsExactly("negative", "old-pref", "old-close");
        // the best preference comes along for the top-K guard even past K
        assertThat(semantic.worthReadingWhole(rest, RecallFilter.NONE, AS_OF, 1))
                .containsExactly("negative", "old-pref");
        // relevance first: the one its cosine matches (above the unrelated level, 0) before all others
        RecallPolicy relevance = new RecallPolicy(new ContextRanker(RankerFixtures.PRIORITY::get,
                new HybridMatch(0.6, 0.0), RankingMode.RELEVANCE));
        assertThat(relevance.worthReadingWhole(rest, RecallFilter.NONE, AS_OF, 1))
                .containsExactly("old-close", "old-pref");
        assertThat(semantic.worthReadingWhole(rest, new RecallFilter(Set.of(MemoryType.TEMP_STATUS), Optional.empty()),
                AS_OF, 2)).containsExactly("temp");
    }
}
