package dev.pmmemory.application.eval;

import static org.assertj.core.api.Assertions.assertThat;

import dev.pmmemory.application.eval.EvalSet.LabelledMessage;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The development set of the long-tail rules ({@code bench/eval/longtail-dev.tsv}, issue 12 item 4):
 * questions, negation scope, concession, one-character slips, English, irony, long messages. Unlike
 * the held-out sets it was written to develop the rules, so its figures are asserted: the rules
 * must keep handling the phrasing they were written for.
 */
class LongtailDevEvaluationTest {

    @Test
    void theLongTailRulesHandleTheirDevelopmentSet() {
        List<LabelledMessage> set = EvalSet.longtailDev(EvalSet.locate());
        ClassificationEval.Result result = ClassificationEval.run(Pipeline.configured(), set);
        StringBuilder out = result.figures("pm-memory long-tail development set (bench/eval/longtail-dev.tsv)", set.size());
        out.append("--- type misses (").append(result.typeMisses().size()).append(")\n");
        result.typeMisses().forEach(line -> out.append("  ").append(line).append('\n'));
        System.out.println(out);
        assertThat(result.all().value()).isGreaterThanOrEqualTo(ACCURACY_FLOOR);
    }

    /** Set from the figure reached (README "Long-tail development set"), so a regression fails. */
    private static final double ACCURACY_FLOOR = 0.95;
}
