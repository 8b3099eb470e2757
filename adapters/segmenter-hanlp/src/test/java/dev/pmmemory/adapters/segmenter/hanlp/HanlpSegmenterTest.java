package dev.pmmemory.adapters.segmenter.hanlp;

import dev.pmmemory.domain.lexicon.TextAnalyzers;
import static org.assertj.core.api.Assertions.assertThat;

import dev.pmmemory.domain.lexicon.Lexicon;
import dev.pmmemory.domain.text.Jaccard;
import dev.pmmemory.domain.text.TextAnalyzer;
import java.util.List;
import java.util.Set;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.junit.jupiter.api.Test;

class HanlpSegmenterTest {

    private static final Lexicon LEXICON = Lexicon.loadDefault();
    private static final HanlpSegmenter SEGMENTER = new HanlpSegmenter(TextAnalyzers.domainWords(LEXICON));
    private static final TextAnalyzer ANALYZER = TextAnalyzers.from(LEXICON, SEGMENTER);

    @Test
    void theIssuesExampleGivesWordsNotNoiseBigrams() {
        Set<String> keywords = Set.copyOf(ANALYZER.analyze("以后少推国内大模型，我更倾向海外早期项目").keywords());
        assertThat(keywords).contains("国内", "大模型", "海外", "早期", "项目", "以后", "少推")
                .doesNotContain("内大", "推国", "向海", "外早", "期项");
    }

    @Test
    void domainWordsOfTheLexiconComeOutWhole() {
        assertThat(SEGMENTER.words("商业化进展慢赛道太窄可以推进")).contains("商业化", "赛道", "可以推进");
        assertThat(SEGMENTER.words("估值太高")).contains("估值太高", "估值"); // index mode: the part too
        // company names that HanLP's own dictionaries would cut (阶跃 + 星辰, 面壁 + 智能 …)
        assertThat(SEGMENTER.words("阶跃星辰和月之暗面还有无问芯穹")).contains("阶跃星辰", "月之暗面", "无问芯穹");
        assertThat(new HanlpSegmenter(Set.of(), false).words("阶跃星辰")).doesNotContain("阶跃星辰");
    }

    @Test
    void aUserDictionaryBelongsToItsInstanceOnly() {
        HanlpSegmenter withWord = new HanlpSegmenter(Set.of("云深处"));
        assertThat(withWord.words("云深处估值太高")).contains("云深处");
        assertThat(new HanlpSegmenter(Set.of(), false).words("云深处估值太高")).doesNotContain("云深处");
    }

    @Test
    void keywordMatchStaysASetSimilarityInZeroOne() {
        Set<String> memory = Set.copyOf(ANALYZER.analyze("以后少推国内大模型，我更倾向海外早期项目").keywords());
        Set<String> query = ANALYZER.queryTerms("海外早期项目");
        assertThat(Jaccard.similarity(query, memory)).isGreaterThan(0.0).isLessThanOrEqualTo(1.0);
        assertThat(Jaccard.similarity(memory, memory)).isEqualTo(1.0);
    }

    @Test
    void oneInstanceServesConcurrentRequests() throws Exception {
        List<String> texts = List.of("以后少推国内大模型", "云深处估值太高先不看", "商业化进展不及预期", "阶跃星辰可以推进");
        List<List<String>> expected = texts.stream().map(SEGMENTER::words).toList();
        ExecutorService pool = Executors.newFixedThreadPool(4);
        try {
            List<Future<Boolean>> results = new java.util.ArrayList<>();
            for (int t = 0; t < 8; t++) {
                results.add(pool.submit(() -> {
                    for (int i = 0; i < 500; i++) {
                        int k = i % texts.size();
                        if (!SEGMENTER.words(texts.get(k)).equals(expected.get(k))) {
                            return false;
                        }
                    }
                    return true;
                }));
            }
            for (Future<Boolean> result : results) {
                assertThat(result.get()).isTrue();
            }
        } finally {
            pool.shutdown();
        }
    }
}
