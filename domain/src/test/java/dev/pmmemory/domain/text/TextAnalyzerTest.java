package dev.pmmemory.domain.text;

import dev.pmmemory.domain.lexicon.TextAnalyzers;
import dev.pmmemory.domain.lexicon.Lexicon;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/** The analyzer built from the shipped lexicon: aliases, suffix words, synonyms and mentions together. */
class TextAnalyzerTest {

    private final TextAnalyzer analyzer = TextAnalyzers.from(Lexicon.loadDefault());

    @Test
    void aliasesBecomeTheCanonicalEntity() {
        assertThat(analyzer.analyze("Kimi 估值太高").entities()).containsExactly("月之暗面");
        assertThat(analyzer.analyze("月之暗面和 Kimi 是一家").entities()).containsExactly("月之暗面");
        assertThat(analyzer.queryTerms("Moonshot")).contains("月之暗面");
    }

    @Test
    void aSharedSuffixIsNeitherASharedEntityNorASharedTerm() {
        TextAnalyzer.Analysis zhipu = analyzer.analyze("智谱AI 商业化弱");
        TextAnalyzer.Analysis figure = analyzer.analyze("Figure AI 可以推进");
        assertThat(zhipu.entities()).containsExactly("智谱");
        assertThat(figure.entities()).containsExactly("Figure AI");
        assertThat(zhipu.keywords()).doesNotContainAnyElementsOf(figure.keywords());
    }

    @Test
    void traditionalCharactersNameTheSameEntityAndGiveTheSameTerms() {
        assertThat(analyzer.analyze("商湯的團隊太臃腫了").entities()).containsExactly("商汤");
        assertThat(analyzer.analyze("智譜估值太高").keywords()).isEqualTo(analyzer.analyze("智谱估值太高").keywords());
        assertThat(analyzer.canonicalEntity("騰訊")).isEqualTo("腾讯");
    }

    @Test
    void aNameRegisteredInTraditionalCharactersIsFoundInEitherScriptAndShownAsRegistered() {
        TextAnalyzer registry = TextAnalyzers.from(Lexicon.loadDefault());
        registry.useEntities(java.util.List.of(java.util.List.of("Foxconn", "鴻海"), java.util.List.of("乾照光电")));
        assertThat(registry.analyze("我们看了鴻海，估值太高").entities()).containsExactly("Foxconn");
        assertThat(registry.analyze("鸿海的估值太高").entities()).containsExactly("Foxconn");
        assertThat(registry.canonicalEntity("鴻海")).isEqualTo("Foxconn");
        // 乾 stays 乾: it is a simplified character of its own (乾隆, 乾照)
        assertThat(registry.analyze("乾照光电估值太高").entities()).containsExactly("乾照光电");
        // an unlisted name is looked up as analyze() stored it
        assertThat(registry.canonicalEntity("臺積電")).isEqualTo("台积电");
    }

    @Test
    void dictionaryNamesAreCutOutOfTheKeywordText() {
        assertThat(analyzer.analyze("阶跃星辰可以投").keywords()).containsExactlyInAnyOrder("以投", "阶跃星辰");
        assertThat(analyzer.analyze("Kimi 估值高").keywords()).doesNotContain("kimi").contains("月之暗面", "估值");
    }

    @Test
    void heuristicNamesStayAWordOfTheirOwn() {
        assertThat(analyzer.analyze("深言项目聊聊").keywords()).contains("深言", "项目", "聊聊").doesNotContain("言项");
    }

    @Test
    void synonymsGiveDifferentlyWordedTextsAShareTerm() {
        assertThat(analyzer.queryTerms("市场空间小的项目")).contains("赛道小");
        assertThat(analyzer.analyze("Perplexity 赛道窄").keywords()).contains("赛道小");
        assertThat(analyzer.analyze("Anthropic valuation is too high").keywords()).contains("估值", "估值高");
    }

    @Test
    void sentenceWordsAndBusinessAcronymsAreNoEntities() {
        assertThat(analyzer.analyze("Pass on Mistral").entities()).containsExactly("Mistral AI");
        assertThat(analyzer.analyze("Interested in Cohere, let's talk").entities()).containsExactly("Cohere");
        assertThat(analyzer.analyze("Kimi 的 DAU 涨得很快").entities()).containsExactly("月之暗面");
        assertThat(analyzer.analyze("不喜欢To C的项目").entities()).isEmpty();
        assertThat(analyzer.analyze("OpenAI CEO 最近动作很多").entities()).containsExactly("OpenAI");
    }
}
