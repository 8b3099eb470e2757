package dev.pmmemory.application.eval;

import static org.assertj.core.api.Assertions.assertThat;

import dev.pmmemory.application.eval.ClassificationEval.Ratio;
import dev.pmmemory.application.eval.EvalSet.LabelledMessage;
import java.util.List;
import java.util.Map;
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
        StringBuilder out = new StringBuilder("\n=== pm-memory 3rd held-out set (bench/eval/holdout-3.tsv, not asserted) ===\n");
        out.append(String.format("messages %d (hard %d)%n", set.size(), result.hard().total()));
        out.append("accuracy (all)     ").append(result.all()).append('\n');
        out.append("accuracy (hard)    ").append(result.hard()).append('\n');
        out.append("entity precision   ").append(result.entityPrecision()).append('\n');
        out.append("entity recall      ").append(result.entityRecall()).append('\n');
        out.append("accuracy by tag:");
        for (Map.Entry<String, Ratio> tag : result.byTag().entrySet()) {
            out.append(String.format(" %s %.2f (%d)", tag.getKey(), tag.getValue().value(), tag.getValue().total()));
        }
        out.append('\n');
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
