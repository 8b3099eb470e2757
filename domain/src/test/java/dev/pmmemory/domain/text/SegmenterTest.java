package dev.pmmemory.domain.text;

import dev.pmmemory.domain.lexicon.TextAnalyzers;
import static org.assertj.core.api.Assertions.assertThat;

import dev.pmmemory.domain.lexicon.Lexicon;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;

/** The Segmenter port: the bigram fallback, and what a word segmenter changes in the keywords. */
class SegmenterTest {

    /** A word segmenter for the test: longest match over a small dictionary, other characters alone. */
    private record LongestMatch(Set<String> dictionary) implements Segmenter {
        @Override
        public List<String> words(String han) {
            List<String> words = new ArrayList<>();
            int at = 0;
            while (at < han.length()) {
                int end = han.length();
                while (end > at + 1 && !dictionary.contains(han.substring(at, end))) {
                    end--;
                }
                words.add(han.substring(at, end));
                at = end;
            }
            return words;
        }

        @Override
        public String name() {
            return "test";
        }
    }

    @Test
    void bigramsAreEveryPairOfNeighboursAndALoneCharacterItself() {
        CharacterBigrams bigrams = new CharacterBigrams();
        assertThat(bigrams.words("海外早期项目")).containsExactly("海外", "外早", "早期", "期项", "项目");
        assertThat(bigrams.words("弱")).containsExactly("弱");
        assertThat(bigrams.name()).isEqualTo("ngram");
        assertThat(bigrams.splitsAtStopCharacters()).isTrue();
    }

    @Test
    void aWordSegmenterGivesWholeWordsInsteadOfNoiseBigrams() {
        Set<String> stop = KeywordExtractor.defaultStopWords();
        KeywordExtractor words = new KeywordExtractor(stop, Synonyms.NONE,
                new LongestMatch(Set.of("以后", "少推", "国内", "大模型", "我更倾向", "海外", "早期", "项目", "有意思")));
        // the example: 17 bigram terms (内大, 推国, 向海, 外早 …) become 7 words
        assertThat(words.keywords("以后少推国内大模型，我更倾向海外早期项目", List.of()))
                .containsExactlyInAnyOrder("以后", "少推", "国内", "大模型", "我更倾向", "海外", "早期", "项目");
        // not split at the stop character 有 first: 有意思 stays a word; single characters inside a run are no term
        assertThat(words.keywords("这个团队有意思", List.of())).containsExactlyInAnyOrder("有意思");
        assertThat(new KeywordExtractor(stop).keywords("这个团队有意思", List.of())).doesNotContain("有意思");
        // a lone character is still a term, and Latin words are untouched
        assertThat(words.keywords("弱 OpenAI", List.of())).containsExactlyInAnyOrder("弱", "openai");
    }

    @Test
    void theSimilarityStaysASetSimilarityInZeroOne() {
        TextAnalyzer analyzer = TextAnalyzers.from(Lexicon.loadDefault(), new LongestMatch(Set.of("海外", "早期", "项目")));
        Set<String> a = analyzer.queryTerms("我更倾向海外早期项目");
        Set<String> b = analyzer.queryTerms("海外早期项目");
        assertThat(Jaccard.similarity(a, b)).isBetween(0.0, 1.0).isGreaterThan(0.5);
        assertThat(Jaccard.similarity(b, b)).isEqualTo(1.0);
    }

    @Test
    void theDomainWordsAreTheLexiconsChineseWordsOfTwoOrMoreCharacters() {
        Set<String> words = TextAnalyzers.domainWords(Lexicon.loadDefault());
        assertThat(words).contains("估值", "商业化", "赛道", "可以推进", "月之暗面", "深度求索", "估值太高", "先不看")
                .doesNotContain("openai", "智谱ai", "弱", "at", "不要客气 ")
                .allSatisfy(w -> assertThat(w.codePoints().allMatch(cp -> Character.UnicodeScript.of(cp)
                        == Character.UnicodeScript.HAN)).isTrue());
    }
}
