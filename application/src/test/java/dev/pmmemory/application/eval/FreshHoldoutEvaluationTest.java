package dev.pmmemory.application.eval;

import static org.assertj.core.api.Assertions.assertThat;

import dev.pmmemory.application.eval.EvalSet.LabelledMessage;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The 3rd held-out set ({@code bench/eval/holdout-3.tsv}, issue 12): phrasing none of the rules was
 * written from. The figures are PRINTED, not asserted: the set measures how far the rules carry to
 * new language, so tuning the rules until it passes would defeat it (the next round writes another).
 * {@code -Dpmmemory.eval.verbose=true} also prints every miss.
 */
class FreshHoldoutEvaluationTest {

    @Test
    void printsTheFiguresOfTheThirdHeldOutSet() {
        List<LabelledMessage> set = EvalSet.holdout3(EvalSet.locate());
        ClassificationEval.Result result = ClassificationEval.run(Pipeline.configured(), set);
        StringBuilder out = result.figures("pm-memory 3rd held-out set (bench/eval/holdout-3.tsv, not asserted)", set.size());
        if (Boolean.getBoolean("pmmemory.eval.verbose")) {
            out.append("--- type misses (").append(result.typeMisses().size()).append(")\n");
            result.typeMisses().forEach(line -> out.append("  ").append(line).append('\n'));
            out.append("--- entity misses (").append(result.entityMisses().size()).append(")\n");
            result.entityMisses().forEach(line -> out.append("  ").append(line).append('\n'));
        }
        System.out.println(out);
        // The set itself is checked: large enough, and it covers the phrasing it was written for.
        assertThat(set).hasSizeGreaterThanOrEqualTo(100);
        assertThat(result.byTag().keySet()).contains("long", "english", "mixed", "typo", "irony", "question",
                "concession", "negation", "unlisted");
    }
}
