package dev.pmmemory.application.eval;

import static org.assertj.core.api.Assertions.assertThat;

import dev.pmmemory.application.eval.EvalSet.LabelledMessage;
import java.util.List;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The fresh held-out sets of issue 12 ({@code bench/eval/holdout-3.tsv}, {@code holdout-4.tsv}, {@code holdout-5.tsv}, {@code holdout-6.tsv},
 * {@code holdout-7.tsv}, {@code holdout-8.tsv}, {@code holdout-9.tsv}, {@code holdout-10.tsv},
 * {@code holdout-11.tsv}):
 * phrasing none of the rules was written from. The figures are PRINTED, not asserted: a set
 * measures how far the rules carry to new language, so tuning the rules until it passes would
 * defeat it (the next round writes another). {@code -Dpmmemory.eval.verbose=true} also prints
 * every miss.
 */
class FreshHoldoutEvaluationTest {

    @ParameterizedTest
    @ValueSource(strings = {EvalSet.HOLDOUT_3, EvalSet.HOLDOUT_4, EvalSet.HOLDOUT_5, EvalSet.HOLDOUT_6,
            EvalSet.HOLDOUT_7, EvalSet.HOLDOUT_8, EvalSet.HOLDOUT_9, EvalSet.HOLDOUT_10,
            EvalSet.HOLDOUT_11})
    void printsTheFiguresOfAFreshHeldOutSet(String file) {
        List<LabelledMessage> set = EvalSet.labelled(EvalSet.locate(), file);
        ClassificationEval.Result result = ClassificationEval.run(Pipeline.configured(), set);
        StringBuilder out = result.figures("pm-memory fresh held-out set (bench/eval/" + file + ", not asserted)", set.size());
        if (Boolean.getBoolean("pmmemory.eval.verbose")) {
            result.appendMisses(out);
        }
        System.out.println(out);
        // The set itself is checked: large enough, and it covers the phrasing it was written for.
        assertThat(set).hasSizeGreaterThanOrEqualTo(100);
        assertThat(result.byTag().keySet()).contains("long", "english", "mixed", "typo", "irony", "question",
                "concession", "negation", "unlisted");
    }
}
