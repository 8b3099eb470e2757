package dev.pmmemory.domain.recall;

import static dev.pmmemory.domain.recall.RankerFixtures.AS_OF;
import static dev.pmmemory.domain.recall.RankerFixtures.daysAgo;
import static org.assertj.core.api.Assertions.assertThat;

import dev.pmmemory.domain.memory.MemoryType;
import dev.pmmemory.domain.text.Jaccard;
import java.util.LinkedHashSet;
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

    // --- a member's teams: which recency groups of the further owners are still worth reading ---------

    private static Set<RecencyGroup> groupsOf(MemoryType type) {
        Set<RecencyGroup> groups = new LinkedHashSet<>();
        RecallPolicy.weightBuckets().forEach(bucket -> groups.add(new RecencyGroup(type, bucket)));
        return groups;
    }

    private static TermSharer matchedSharer(String id, MemoryType type, double daysAgo) {
        return new TermSharer(new RankingKey(id, type, 1, daysAgo(daysAgo)), 1, 1, false, OptionalDouble.empty());
    }

    private static UnreadMemory unread(String id, MemoryType type, int weight, double daysAgo) {
        return new UnreadMemory(new RankingKey(id, type, weight, daysAgo(daysAgo)), OptionalDouble.empty());
    }

    @Test
    void relevanceFirstKMatchesKnownLeaveNoFurtherGroupWorthReadingButThePreferencesForTheGuard() {
        RecallPolicy relevance = new RecallPolicy(RankerFixtures.RELEVANCE);
        // two old matches: an unmatched memory, however recent and heavy, ranks below both
        List<TermSharer> twoMatches = List.of(matchedSharer("a", MemoryType.TEMP_STATUS, 300),
                matchedSharer("b", MemoryType.SUMMARY, 300));

        assertThat(relevance.groupsWorthReading(twoMatches, List.of(), 1, RecallFilter.NONE, AS_OF, 2))
                .as("no preference known: the best preference may be in any preference group")
                .isEqualTo(groupsOf(MemoryType.LONG_TERM_PREFERENCE));
        List<TermSharer> withPreference = List.of(matchedSharer("a", MemoryType.TEMP_STATUS, 300),
                matchedSharer("pref", MemoryType.LONG_TERM_PREFERENCE, 300));
        assertThat(relevance.groupsWorthReading(withPreference, List.of(), 1, RecallFilter.NONE, AS_OF, 2)).isEmpty();
        assertThat(relevance.groupsWorthReading(withPreference, List.of(), 1, RecallFilter.NONE, AS_OF, 3))
                .as("fewer known than K: every group")
                .isEqualTo(Set.copyOf(RecencyGroup.all()));
    }

    @Test
    void aGroupIsReadUnlessTheKthBestKnownScoresStrictlyAboveWhatItsTypeAndHeaviestWeightScoreSeenNow() {
        // seen now, weight 10: 0.2 + 0.3 * 0.9 + 0.1 = 0.57, exactly the bound of their own group
        List<UnreadMemory> read = List.of(unread("neg-1", MemoryType.PROJECT_NEGATIVE, 10, 0),
                unread("neg-2", MemoryType.PROJECT_NEGATIVE, 10, 0),
                unread("old-pref", MemoryType.LONG_TERM_PREFERENCE, 1, 30));

        Set<RecencyGroup> worth = POLICY.groupsWorthReading(List.of(), read, 1, RecallFilter.NONE, AS_OF, 2);

        // a tie goes to last_seen_at and id, which the bound does not know: read; every preference group
        // (at least 0.3 * 0.4 + 0.2 + 0.3 + 0.01 = 0.63) may still beat the second best
        Set<RecencyGroup> expected = new LinkedHashSet<>(groupsOf(MemoryType.LONG_TERM_PREFERENCE));
        expected.add(new RecencyGroup(MemoryType.PROJECT_NEGATIVE, 10));
        assertThat(worth).isEqualTo(expected);

        // the best known preference now, weight 10 (0.72): only its own group ties with it
        List<UnreadMemory> preference = List.of(unread("pref-now", MemoryType.LONG_TERM_PREFERENCE, 10, 0));
        assertThat(POLICY.groupsWorthReading(List.of(), preference, 1, RecallFilter.NONE, AS_OF, 1))
                .containsExactly(new RecencyGroup(MemoryType.LONG_TERM_PREFERENCE, 10));
    }

    @Test
    void withoutAKnownPreferenceEveryPreferenceGroupIsReadForTheTopKGuardEvenBelowTheKthBest() {
        // a full match seen now: 0.4 + 0.2 + 0.27 + 0.01 = 0.88, above any memory sharing no term
        List<TermSharer> match = List.of(matchedSharer("exact", MemoryType.PROJECT_NEGATIVE, 0));

        assertThat(POLICY.groupsWorthReading(match, List.of(), 1, RecallFilter.NONE, AS_OF, 1))
                .isEqualTo(groupsOf(MemoryType.LONG_TERM_PREFERENCE));
    }

    @Test
    void aPartlySupersededSharerIsNotKnownSinceItsScoreIsNotAndAnEntityFilterReadsEveryAdmittedGroup() {
        List<TermSharer> partly = List.of(new TermSharer(new RankingKey("gave-up", MemoryType.PROJECT_NEGATIVE, 10,
                daysAgo(0)), 2, 2, true, OptionalDouble.empty()));
        assertThat(POLICY.groupsWorthReading(partly, List.of(), 2, RecallFilter.NONE, AS_OF, 1))
                .isEqualTo(Set.copyOf(RecencyGroup.all()));

        List<TermSharer> matches = List.of(matchedSharer("a", MemoryType.LONG_TERM_PREFERENCE, 0));
        RecallPolicy relevance = new RecallPolicy(RankerFixtures.RELEVANCE);
        assertThat(relevance.groupsWorthReading(matches, List.of(), 1,
                new RecallFilter(Set.of(MemoryType.MARKET_INFO), Optional.of("OpenAI")), AS_OF, 1))
                .as("what is known need not be about the entity")
                .isEqualTo(groupsOf(MemoryType.MARKET_INFO));
        assertThat(relevance.groupsWorthReading(List.of(), List.of(), 1,
                new RecallFilter(Set.of(MemoryType.MARKET_INFO), Optional.empty()), AS_OF, 1))
                .isEqualTo(groupsOf(MemoryType.MARKET_INFO));
    }
}
