package dev.pmmemory.adapters.segmenter.hanlp;

import dev.pmmemory.application.eval.SubwordRecallEvaluation;
import dev.pmmemory.application.eval.SubwordRecallEvaluation.Figures;
import dev.pmmemory.domain.lexicon.Lexicon;
import dev.pmmemory.domain.lexicon.TextAnalyzers;
import dev.pmmemory.domain.text.CharacterBigrams;
import org.junit.jupiter.api.Test;

/**
 * Context recall of a query naming part of a word of a stored message, or a longer phrase holding it
 * (bench/eval/subword-recall.tsv), with the shipped segmenter and the bigram fallback. Printed;
 * {@code -Dpmmemory.eval.verbose=true} prints the misses.
 */
class SubwordRecallTest {

    @Test
    void printsSubwordRecall() {
        HanlpSegmenter hanlp = new HanlpSegmenter(TextAnalyzers.domainWords(Lexicon.loadDefault()));
        StringBuilder out = new StringBuilder("\n=== query by sub-word (bench/eval/subword-recall.tsv) ===\n");
        for (var segmenter : java.util.List.of(hanlp, new CharacterBigrams())) {
            Figures f = SubwordRecallEvaluation.run(segmenter);
            out.append(f).append('\n');
            if (Boolean.getBoolean("pmmemory.eval.verbose")) {
                f.misses().forEach(m -> out.append("    ").append(m).append('\n'));
            }
        }
        System.out.println(out);
    }
}
