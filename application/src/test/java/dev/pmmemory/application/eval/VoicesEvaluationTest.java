package dev.pmmemory.application.eval;

import static org.assertj.core.api.Assertions.assertThat;

import dev.pmmemory.application.eval.EvalSet.LabelledMessage;
import java.util.List;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The development sets of rounds 7 to 9 (issue 12) no rule was written from: five writers' voices
 * ({@code train-voice-a…e.tsv}), {@code holdout-8.tsv} (held out until round 7), {@code holdout-9.tsv}
 * (until round 8) and {@code holdout-10.tsv} (until round 9). They are the
 * n-gram link's training data, and the rules' own figures on them say how the rules read a writer
 * they never saw; the entity work of rounds 7 to 9 was developed on them ({@code -Dpmmemory.eval.verbose=true}
 * prints every miss). Printed; the sets themselves are checked.
 */
class VoicesEvaluationTest {

    @ParameterizedTest
    @ValueSource(strings = {EvalSet.HOLDOUT_8, EvalSet.HOLDOUT_9, EvalSet.TRAIN_VOICE_A, EvalSet.TRAIN_VOICE_B,
            EvalSet.TRAIN_VOICE_C, EvalSet.TRAIN_VOICE_D, EvalSet.TRAIN_VOICE_E, EvalSet.HOLDOUT_10})
    void printsTheRulesFiguresOnAVoiceTheyWereNotWrittenFrom(String file) {
        List<LabelledMessage> set = EvalSet.labelled(EvalSet.locate(), file);
        ClassificationEval.Result result = ClassificationEval.run(Pipeline.configured(), set);
        StringBuilder out = result.figures("pm-memory development set no rule was written from (bench/eval/" + file + ")",
                set.size());
        if (Boolean.getBoolean("pmmemory.eval.verbose")) {
            result.appendMisses(out);
        }
        System.out.println(out);
        assertThat(set).hasSizeGreaterThanOrEqualTo(100);
        assertThat(set.stream().map(LabelledMessage::type).distinct())
                .containsExactlyInAnyOrder("long_term_preference", "project_negative", "project_advance",
                        "project_positive", "market_info", "temp_status", "none");
    }
}
