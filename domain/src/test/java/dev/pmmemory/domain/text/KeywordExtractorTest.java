package dev.pmmemory.domain.text;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

import java.util.List;
import java.util.Set;
import java.util.stream.Stream;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.params.provider.Arguments.arguments;

class KeywordExtractorTest {

    private final KeywordExtractor keywords = new KeywordExtractor();

    static Stream<Arguments> examples() {
        return Stream.of(
                arguments("OpenAI 估值高", List.of(), Set.of("openai", "估值", "值高")),
                arguments("OpenAI估值高！", List.of("OpenAI"), Set.of("openai", "估值", "值高")),
                arguments("海外早期项目", List.of(), Set.of("海外", "外早", "早期", "期项", "项目")),
                arguments("以后少推国内大模型", List.of(),
                        Set.of("以后", "后少", "少推", "推国", "国内", "内大", "大模", "模型")),
                arguments("Anthropic 可以推进", List.of("Anthropic"), Set.of("anthropic", "可以", "以推", "推进")),
                arguments("Mistral AI is very interesting", List.of("Mistral AI"),
                        Set.of("mistral", "ai", "interesting", "mistral ai")),
                arguments("这家公司的估值", List.of(), Set.of("家公", "公司", "估值")),
                arguments("我在路上", List.of(), Set.of("路上")),
                arguments("好的", List.of(), Set.of("好")),
                arguments("Let's check Q3 2024 numbers", List.of(), Set.of("check", "q3", "2024", "numbers")),
                arguments("的了吗 the and", List.of(), Set.of()),
                arguments("", List.of(), Set.of()));
    }

    @ParameterizedTest(name = "{0} + {1} → {2}")
    @MethodSource("examples")
    void extractsTerms(String text, List<String> entities, Set<String> expected) {
        assertThat(keywords.keywords(text, entities)).containsExactlyInAnyOrderElementsOf(expected);
    }

    @Test
    void queryAndStatedPreferenceShareTerms() {
        Set<String> query = keywords.keywords("海外早期项目", List.of());
        Set<String> memory = keywords.keywords("我更倾向海外早期项目", List.of());
        assertThat(query).containsAll(Set.of("海外", "早期", "项目"));
        assertThat(memory).containsAll(Set.of("海外", "早期", "项目"));
        assertThat(Jaccard.similarity(query, memory)).isGreaterThan(0.0);
    }

    @Test
    void entityQueryMatchesMemoryAboutIt() {
        Set<String> query = keywords.keywords("OpenAI", List.of("OpenAI"));
        Set<String> memory = keywords.keywords("OpenAI 估值高", List.of("OpenAI"));
        assertThat(Jaccard.similarity(query, memory)).isGreaterThan(0.0);
    }

    @Test
    void termsAreInNfkcLowerForm() {
        Set<String> terms = keywords.keywords("ＯｐｅｎＡＩ　ＧＰＵ", List.of("ＯｐｅｎＡＩ"));
        assertThat(terms).containsExactlyInAnyOrder("openai", "gpu");
        assertThat(terms).allSatisfy(t -> assertThat(TextNormalizer.nfkcLower(t)).isEqualTo(t));
    }

    @Test
    void synonymsAddTheirCanonicalTerm() {
        KeywordExtractor withSynonyms = new KeywordExtractor(KeywordExtractor.defaultStopWords(),
                new Synonyms(List.of(List.of("赛道小", "赛道窄", "市场小"))));
        Set<String> memory = withSynonyms.keywords("Perplexity 赛道窄", List.of());
        Set<String> query = withSynonyms.keywords("市场小的项目", List.of());
        assertThat(memory).contains("赛道小");
        assertThat(query).contains("赛道小");
        assertThat(Jaccard.similarity(query, memory)).isGreaterThan(0.0);
    }

    @Test
    void dictionaryMentionsAreCutOutAndHeuristicOnesStandAlone() {
        Set<String> terms = keywords.keywords("Kimi 和深言项目", List.of("月之暗面", "深言"), List.of(
                new EntityExtractor.Mention("Kimi", "月之暗面", true), new EntityExtractor.Mention("深言", "深言", false)));
        assertThat(terms).containsExactlyInAnyOrder("深言", "项目", "月之暗面");
    }

    @Test
    void aCutNeverSplitsALongerLatinWord() {
        Set<String> terms = keywords.keywords("metadata by Meta", List.of("Meta"),
                List.of(new EntityExtractor.Mention("Meta", "Meta", true)));
        assertThat(terms).contains("metadata", "meta");
    }

    @Test
    void customStopWords() {
        KeywordExtractor custom = new KeywordExtractor(Set.of("估", "Valuation"));
        assertThat(custom.keywords("OpenAI valuation 估值高", List.of()))
                .containsExactlyInAnyOrder("openai", "值高");
    }
}
