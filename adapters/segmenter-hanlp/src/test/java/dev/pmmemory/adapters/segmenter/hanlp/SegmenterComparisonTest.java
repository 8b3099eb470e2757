package dev.pmmemory.adapters.segmenter.hanlp;

import dev.pmmemory.domain.lexicon.TextAnalyzers;
import static org.assertj.core.api.Assertions.assertThat;

import com.hankcs.hanlp.dictionary.CoreDictionary;
import com.huaban.analysis.jieba.WordDictionary;
import dev.pmmemory.application.eval.SegmenterEvaluation;
import dev.pmmemory.application.eval.SegmenterEvaluation.Figures;
import dev.pmmemory.domain.lexicon.Lexicon;
import dev.pmmemory.domain.text.CharacterBigrams;
import dev.pmmemory.domain.text.Segmenter;
import dev.pmmemory.domain.text.TextAnalyzer;
import java.util.List;
import java.util.Set;
import java.util.function.Predicate;
import org.junit.jupiter.api.Test;

/**
 * Issue 12 item 1: the bigram fallback, HanLP and jieba on bench/eval (retrieval with semantic recall
 * off, keyword statistics, time to analyse a message). Printed; the assertions only keep HanLP's
 * advantages that justify it (recall not lower than bigrams, domain words whole, fewer noise terms).
 */
class SegmenterComparisonTest {

    @Test
    void comparesTheSegmentersOnTheEvaluationSets() {
        Set<String> domainWords = TextAnalyzers.domainWords(Lexicon.loadDefault());
        long start = System.nanoTime();
        new HanlpSegmenter(domainWords).words("以后少推国内大模型");
        System.out.printf("hanlp: first segmenter and first message in %d ms (dictionaries loaded)%n",
                (System.nanoTime() - start) / 1_000_000);
        // One judge for every segmenter: a word of HanLP's core dictionary or of jieba's dictionary.
        Predicate<String> isWord = w -> CoreDictionary.contains(w) || WordDictionary.getInstance().containsWord(w);
        List<Segmenter> segmenters = List.of(
                new CharacterBigrams(),
                new HanlpSegmenter(domainWords),
                named(new HanlpSegmenter(Set.of()), "hanlp-no-user-dict"),
                named(new HanlpSegmenter(domainWords, false), "hanlp-no-index-mode"),
                named(new HanlpSegmenter(Set.of(), false), "hanlp-no-index-mode-no-user-dict"),
                new JiebaSegmenter(domainWords));
        StringBuilder out = new StringBuilder("\n=== segmenters on bench/eval (semantic recall off) ===\n");
        Figures ngram = null;
        Figures hanlp = null;
        for (Segmenter segmenter : segmenters) {
            Figures f = SegmenterEvaluation.run(segmenter, isWord);
            out.append(f).append('\n');
            if (Boolean.getBoolean("pmmemory.eval.verbose")) {
                f.misses().forEach(miss -> out.append("    ").append(miss).append('\n'));
            }
            if (segmenter.name().equals("ngram")) {
                ngram = f;
            } else if (segmenter.name().equals("hanlp")) {
                hanlp = f;
            }
        }
        System.out.println(out);
        assertThat(hanlp.domainWordsWhole()).isGreaterThan(ngram.domainWordsWhole());
        assertThat(hanlp.hanTermPrecision()).isGreaterThan(ngram.hanTermPrecision());
        // Under relevance-first ranking (issue 11) the n-gram terms already find the set's memories (recall@3
        // 1.000, MRR 0.982 against HanLP's 0.982 / 0.975): HanLP's gain is cleaner terms, not retrieval, which
        // is why the default stays ngram. On the held-out cases neither loses to the other.
        assertThat(hanlp.heldOutRecallAt3()).isGreaterThanOrEqualTo(ngram.heldOutRecallAt3());
    }

    private static Segmenter named(Segmenter segmenter, String name) {
        return new Segmenter() {
            @Override
            public List<String> words(String han) {
                return segmenter.words(han);
            }

            @Override
            public boolean splitsAtStopCharacters() {
                return segmenter.splitsAtStopCharacters();
            }

            @Override
            public String name() {
                return name;
            }
        };
    }
}
