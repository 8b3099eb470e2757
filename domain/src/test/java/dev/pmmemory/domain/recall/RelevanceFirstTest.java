package dev.pmmemory.domain.recall;

import static dev.pmmemory.domain.recall.RankerFixtures.AS_OF;
import static dev.pmmemory.domain.recall.RankerFixtures.PRIORITY;
import static dev.pmmemory.domain.recall.RankerFixtures.RANKER;
import static dev.pmmemory.domain.recall.RankerFixtures.RELEVANCE;
import static dev.pmmemory.domain.recall.RankerFixtures.daysAgo;
import static dev.pmmemory.domain.recall.RankerFixtures.memory;
import static org.assertj.core.api.Assertions.assertThat;

import dev.pmmemory.domain.memory.Memory;
import dev.pmmemory.domain.memory.MemoryType;
import java.util.List;
import java.util.Map;
import java.util.OptionalDouble;
import java.util.Set;
import org.junit.jupiter.api.Test;

/** Issue 11 parts 2 and 3: relevance first, and no match through an entity a memory gave up. */
class RelevanceFirstTest {

    private static List<String> ids(List<ScoredMemory> ranked) {
        return ranked.stream().map(s -> s.memory().id()).toList();
    }

    /** The case: a query naming a company, a core preference and newer negatives about others. */
    private static final List<Memory> PROFILE = List.of(
            memory("pref", MemoryType.LONG_TERM_PREFERENCE, daysAgo(1), "少推", "国内", "大模型").build(),
            memory("neg-cohere", MemoryType.PROJECT_NEGATIVE, daysAgo(1), "cohere", "估值", "值高").build(),
            memory("neg-mistral", MemoryType.PROJECT_NEGATIVE, daysAgo(2), "mistral ai", "团队", "团队差").build(),
            memory("pos-openai", MemoryType.PROJECT_POSITIVE, daysAgo(20), "openai", "产品", "不错", "亮点").build());

    @Test
    void aQueryNamingACompanyPutsTheMemoryAboutItFirstAheadOfTheCorePreferenceAndOtherCompanies() {
        List<ScoredMemory> relevance = RELEVANCE.rank(Set.of("openai"), PROFILE, RecallFilter.NONE, AS_OF, 3);
        List<ScoredMemory> seed = RANKER.rank(Set.of("openai"), PROFILE, RecallFilter.NONE, AS_OF, 3);

        assertThat(ids(relevance)).containsExactly("pos-openai", "pref", "neg-cohere");
        assertThat(relevance).extracting(ScoredMemory::matched).containsExactly(true, false, false);
        // the seed's order: priority 0.3·(1.0 − 0.6) outweighs 0.4·J = 0.1 for a partial match
        assertThat(ids(seed)).containsExactly("pref", "neg-cohere", "neg-mistral");
        // same scores and factors either way: only the order changes
        assertThat(relevance.get(0).score()).isEqualTo(RANKER.score(PROFILE.get(3), Set.of("openai"), AS_OF).score());
    }

    @Test
    void theTopKGuardStillCarriesACorePreferenceWhenEveryPlaceGoesToAMatch() {
        List<ScoredMemory> top = RELEVANCE.rank(Set.of("估值", "团队", "openai"), PROFILE, RecallFilter.NONE, AS_OF, 3);

        assertThat(ids(top)).hasSize(3).endsWith("pref");
        assertThat(top.subList(0, 2)).allMatch(ScoredMemory::matched);
        assertThat(top.get(2).matched()).isFalse();
    }

    @Test
    void aPreferenceFloorIsNoMatch() {
        ScoredMemory pref = RELEVANCE.score(PROFILE.get(0), Set.of("天气"), AS_OF);

        assertThat(pref.factors().keywordMatch()).isEqualTo(RankingFormula.PREFERENCE_KEYWORD_FLOOR);
        assertThat(pref.matched()).isFalse();
        assertThat(RELEVANCE.score(PROFILE.get(0), Set.of("大模型"), AS_OF).matched()).isTrue();
    }

    @Test
    void aMemorySupersededForAnEntityIsNotMatchedThroughItButStillThroughItsOtherOnes() {
        Memory both = memory("both", MemoryType.PROJECT_ADVANCE, daysAgo(2), "anthropic", "openai", "推进")
                .entities(List.of("OpenAI", "Anthropic")).supersededEntityKeys(Set.of("anthropic")).build();
        Memory negative = memory("neg", MemoryType.PROJECT_NEGATIVE, daysAgo(1), "anthropic", "商业", "商业化")
                .entities(List.of("Anthropic")).build();

        ScoredMemory throughAnthropic = RELEVANCE.score(both, Set.of("anthropic"), AS_OF);
        assertThat(throughAnthropic.matched()).isFalse();
        assertThat(throughAnthropic.factors().keywordMatch()).isZero();
        // its other entity and terms: Jaccard over what it still holds ({openai, 推进})
        assertThat(RELEVANCE.score(both, Set.of("openai"), AS_OF).factors().keywordMatch()).isEqualTo(0.5);
        assertThat(RELEVANCE.score(both, Set.of("推进"), AS_OF).matched()).isTrue();

        List<ScoredMemory> anthropic = RELEVANCE.rank(Set.of("anthropic"), List.of(both, negative), RecallFilter.NONE,
                AS_OF, 1);
        assertThat(ids(anthropic)).containsExactly("neg");
    }

    @Test
    void withSemanticRecallACosineAboveTheUnrelatedLevelIsAMatchAndOneAtItIsNot() {
        ContextRanker hybrid = new ContextRanker(PRIORITY::get, new HybridMatch(0.4, 0.5));
        Memory llm = memory("llm", MemoryType.MARKET_INFO, daysAgo(30), "做大", "模型").build();
        Memory pref = PROFILE.get(0);
        Memory neg = PROFILE.get(1);
        Map<String, Double> cos = Map.of("llm", 0.8, "pref", 0.5, "neg-cohere", 0.45);

        List<ScoredMemory> ranked = hybrid.rank(Set.of("llm", "项目"), List.of(llm, pref, neg), RecallFilter.NONE, AS_OF,
                3, m -> OptionalDouble.of(cos.get(m.id())));

        assertThat(ids(ranked)).containsExactly("llm", "pref", "neg-cohere");
        assertThat(ranked).extracting(ScoredMemory::matched).containsExactly(true, false, false);
        // the seed's order leaves the lifted memory last: the cosine lift is too small to change a rank
        ContextRanker seed = new ContextRanker(PRIORITY::get, new HybridMatch(0.4, 0.5), RankingMode.SCORE_ONLY);
        assertThat(ids(seed.rank(Set.of("llm", "项目"), List.of(llm, pref, neg), RecallFilter.NONE, AS_OF, 3,
                m -> OptionalDouble.of(cos.get(m.id()))))).containsExactly("pref", "neg-cohere", "llm");
    }

    @Test
    void rankingModesAreNamedAsInTheConfiguration() {
        assertThat(RankingMode.fromName("seed")).contains(RankingMode.SCORE_ONLY);
        assertThat(RankingMode.fromName(" Relevance ")).contains(RankingMode.RELEVANCE);
        assertThat(RankingMode.fromName("score")).isEmpty();
        assertThat(RankingMode.fromName(null)).isEmpty();
    }
}
