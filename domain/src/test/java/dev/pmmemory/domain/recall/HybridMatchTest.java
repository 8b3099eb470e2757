package dev.pmmemory.domain.recall;

import static dev.pmmemory.domain.recall.RankerFixtures.AS_OF;
import static dev.pmmemory.domain.recall.RankerFixtures.PRIORITY;
import static dev.pmmemory.domain.recall.RankerFixtures.RANKER;
import static dev.pmmemory.domain.recall.RankerFixtures.daysAgo;
import static dev.pmmemory.domain.recall.RankerFixtures.memory;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import dev.pmmemory.domain.memory.Memory;
import dev.pmmemory.domain.memory.MemoryType;
import java.util.List;
import java.util.Map;
import java.util.OptionalDouble;
import java.util.Set;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.DoubleRange;
import org.junit.jupiter.api.Test;

/**
 * Semantic recall (issue 5): keyword_match = jaccard + α·semantic·(1 − jaccard), semantic = the cosine
 * above the model's unrelated-text cosine, rescaled to [0, 1]; the preference floor after the mix.
 */
class HybridMatchTest {

    @Property
    void theMixStaysInTheUnitIntervalAndNeverLowersTheSetSimilarity(
            @ForAll @DoubleRange(min = 0, max = 1) double alpha,
            @ForAll @DoubleRange(min = 0, max = 0.99) double unrelated,
            @ForAll @DoubleRange(min = 0, max = 1) double jaccard,
            @ForAll @DoubleRange(min = -1, max = 1) double cosine) {
        double mixed = new HybridMatch(alpha, unrelated).keywordMatch(jaccard, cosine);
        assertThat(mixed).isBetween(0.0, 1.0);
        assertThat(mixed).as("the cosine only adds").isGreaterThanOrEqualTo(jaccard - 1e-12);
        assertThat(mixed).as("sharing no term, the cosine lifts to at most alpha").isLessThanOrEqualTo(
                jaccard + alpha * (1 - jaccard) + 1e-12);
    }

    @Property
    void aHigherCosineNeverRanksLower(@ForAll @DoubleRange(min = 0, max = 1) double jaccard,
                                      @ForAll @DoubleRange(min = -1, max = 1) double a,
                                      @ForAll @DoubleRange(min = -1, max = 1) double b) {
        HybridMatch h = HybridMatch.defaults(0.4);
        assertThat(h.keywordMatch(jaccard, Math.max(a, b))).isGreaterThanOrEqualTo(h.keywordMatch(jaccard, Math.min(a, b)));
    }

    @Test
    void theMixIsTheDocumentedFormula() {
        HybridMatch h = new HybridMatch(0.5, 0.4);
        // semantic = (0.7 − 0.4) / 0.6 = 0.5; 0.2 + 0.5·0.5·0.8 = 0.4
        assertThat(h.keywordMatch(0.2, 0.7)).isCloseTo(0.4, within(1e-12));
        assertThat(h.keywordMatch(0.2, 0.4)).as("at the unrelated cosine nothing is added").isCloseTo(0.2, within(1e-12));
        assertThat(h.keywordMatch(0.2, 0.1)).as("below it neither").isCloseTo(0.2, within(1e-12));
        assertThat(h.keywordMatch(1.0, 0.1)).as("a full set match stays full").isCloseTo(1.0, within(1e-12));
        assertThat(h.keywordMatch(0.0, 1.0)).as("identical texts sharing no term: alpha").isCloseTo(0.5, within(1e-12));
        assertThat(new HybridMatch(0, 0.4).keywordMatch(0.3, 0.9)).as("alpha 0 = keyword recall").isCloseTo(0.3, within(1e-12));
        assertThat(new HybridMatch(1, 0).keywordMatch(0.0, -0.7)).as("a negative cosine counts as 0").isEqualTo(0.0);
        assertThat(HybridMatch.defaults(0.4).alpha()).isEqualTo(HybridMatch.DEFAULT_ALPHA);
    }

    @Test
    void parametersOutsideTheirRangeAreRejected() {
        assertThatThrownBy(() -> new HybridMatch(1.5, 0)).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> new HybridMatch(-0.1, 0)).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> new HybridMatch(Double.NaN, 0)).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> new HybridMatch(0.4, 1.0)).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> new HybridMatch(0.4, -0.1)).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> new HybridMatch(0.4, 0.4, 0.3)).as("a match level below the unrelated level")
                .isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> new HybridMatch(0.4, 0.4, 1.0)).isInstanceOf(IllegalArgumentException.class);
    }

    @Test
    void aCosineBetweenTheUnrelatedAndTheMatchLevelLiftsTheScoreButMakesNoMatch() {
        HybridMatch h = new HybridMatch(0.4, 0.4, 0.6);
        assertThat(h.keywordMatch(0.0, 0.5)).as("lifted above 0").isPositive();
        assertThat(h.matches(0.0, 0.5)).isFalse();
        assertThat(h.matches(0.0, 0.6)).as("at the level: not above it").isFalse();
        assertThat(h.matches(0.0, 0.61)).isTrue();
        assertThat(h.matches(0.1, 0.0)).as("a shared term matches whatever the cosine").isTrue();
        assertThat(new HybridMatch(0.0, 0.4, 0.6).matches(0.0, 0.99)).as("alpha 0: the cosine counts for nothing")
                .isFalse();
    }

    @Test
    void relevanceFirstGroupsOnlyMemoriesAboveTheMatchLevelWithTheTermMatches() {
        Memory term = memory("term", MemoryType.MARKET_INFO, daysAgo(30), "出海").build();
        Memory loose = memory("loose", MemoryType.PROJECT_NEGATIVE, daysAgo(1), "团队").build();
        Map<String, Double> cos = Map.of("term", 0.3, "loose", 0.55);
        SemanticSimilarity semantic = m -> OptionalDouble.of(cos.get(m.id()));
        List<ScoredMemory> strict = new ContextRanker(PRIORITY::get, new HybridMatch(0.4, 0.4, 0.6))
                .rank(Set.of("出海", "项目"), List.of(term, loose), RecallFilter.NONE, AS_OF, 2, semantic);
        assertThat(strict).extracting(s -> s.memory().id()).containsExactly("term", "loose");
        assertThat(strict).extracting(ScoredMemory::matched).containsExactly(true, false);
        assertThat(strict.get(1).factors().keywordMatch()).as("still lifted").isPositive();
        List<ScoredMemory> loosely = new ContextRanker(PRIORITY::get, new HybridMatch(0.4, 0.4))
                .rank(Set.of("出海", "项目"), List.of(term, loose), RecallFilter.NONE, AS_OF, 2, semantic);
        assertThat(loosely).extracting(ScoredMemory::matched).containsExactly(true, true);
        assertThat(loosely.get(0).memory().id()).as("both match: the newer negative's score leads").isEqualTo("loose");
    }

    @Test
    void cosineOfVectors() {
        assertThat(Cosine.similarity(new float[] {1, 0}, new float[] {2, 0})).isCloseTo(1.0, within(1e-9));
        assertThat(Cosine.similarity(new float[] {1, 0}, new float[] {0, 3})).isCloseTo(0.0, within(1e-9));
        assertThat(Cosine.similarity(new float[] {1, 1}, new float[] {-1, -1})).isCloseTo(-1.0, within(1e-9));
        assertThat(Cosine.similarity(new float[] {0, 0}, new float[] {1, 1})).isEqualTo(0.0);
        assertThatThrownBy(() -> Cosine.similarity(new float[2], new float[3]))
                .isInstanceOf(IllegalArgumentException.class);
    }

    @Test
    void withoutSemanticSimilarityTheScoreIsUnchanged() {
        Memory m = memory("m1", MemoryType.PROJECT_POSITIVE, daysAgo(3), "openai", "不错").build();
        Set<String> q = Set.of("openai");
        assertThat(RANKER.score(m, q, AS_OF, SemanticSimilarity.NONE)).isEqualTo(RANKER.score(m, q, AS_OF));
    }

    @Test
    void cosineLiftsAMemoryThatSharesNoTerm() {
        Memory shares = memory("a", MemoryType.MARKET_INFO, daysAgo(1), "出海", "项目").build();
        Memory similar = memory("b", MemoryType.MARKET_INFO, daysAgo(1), "海外", "早期").build();
        Map<String, Double> cos = Map.of("a", 0.1, "b", 0.95);
        SemanticSimilarity semantic = m -> OptionalDouble.of(cos.get(m.id()));
        ContextRanker ranker = new ContextRanker(PRIORITY::get, new HybridMatch(0.5, 0.0));
        List<ScoredMemory> keywordOnly = ranker.rank(Set.of("出海", "早期项目"), List.of(shares, similar),
                RecallFilter.NONE, AS_OF, 2);
        List<ScoredMemory> hybrid = ranker.rank(Set.of("出海", "早期项目"), List.of(shares, similar),
                RecallFilter.NONE, AS_OF, 2, semantic);
        assertThat(keywordOnly.get(0).memory().id()).isEqualTo("a");
        assertThat(hybrid.get(0).memory().id()).isEqualTo("b");
        assertThat(hybrid.get(0).factors().keywordMatch()).isCloseTo(0.475, within(1e-9)); // 0 + 0.5·0.95·1
    }

    @Test
    void aMemoryWithoutAVectorKeepsThePlainSetSimilarity() {
        Memory m = memory("m1", MemoryType.PROJECT_POSITIVE, daysAgo(3), "openai", "不错").build();
        ScoredMemory s = RANKER.score(m, Set.of("openai"), AS_OF, x -> OptionalDouble.empty());
        assertThat(s.factors().keywordMatch()).isCloseTo(0.5, within(1e-12));
    }

    @Test
    void thePreferenceFloorAppliesAfterTheMix() {
        ContextRanker ranker = new ContextRanker(PRIORITY::get, new HybridMatch(0.5, 0.0));
        Memory pref = memory("p", MemoryType.LONG_TERM_PREFERENCE, daysAgo(3), "少推", "币圈").build();
        ScoredMemory s = ranker.score(pref, Set.of("天气"), AS_OF, x -> OptionalDouble.of(0.2));
        assertThat(s.factors().keywordMatch()).isEqualTo(RankingFormula.PREFERENCE_KEYWORD_FLOOR);
        ScoredMemory high = ranker.score(pref, Set.of("天气"), AS_OF, x -> OptionalDouble.of(0.9));
        assertThat(high.factors().keywordMatch()).isCloseTo(0.45, within(1e-12));
    }
}
