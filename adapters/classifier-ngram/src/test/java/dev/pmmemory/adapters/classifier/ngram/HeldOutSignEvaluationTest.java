package dev.pmmemory.adapters.classifier.ngram;

import dev.pmmemory.application.eval.ChainEvaluation;
import dev.pmmemory.domain.classify.ClassifierChain;
import dev.pmmemory.domain.classify.SecondOpinion;
import dev.pmmemory.domain.classify.SignCues;
import dev.pmmemory.domain.classify.SignDoubt;
import dev.pmmemory.domain.lexicon.Lexicon;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/**
 * The held-out sets of issue 31 (bench/eval/holdout-12.tsv, holdout-13.tsv) through the shipped chain:
 * accuracy, silent sign flips, held rate and the accuracy of what is not held. Printed only with
 * {@code -Dpmmemory.eval.heldout=true}, once per round: tuning on them would defeat them. holdout-15 (written
 * before item 1's second round, development data since) likewise with {@code -Dpmmemory.eval.heldout15=true}, and
 * holdout-16 (written before item 1's third round, development data since) with
 * {@code -Dpmmemory.eval.heldout16=true}, and holdout-17 (written before item 1's fourth round) with
 * {@code -Dpmmemory.eval.heldout17=true}, figures only.
 */
class HeldOutSignEvaluationTest {

    @Test
    void printsHoldout15WhenAsked() {
        if (Boolean.getBoolean("pmmemory.eval.heldout15")) {
            print(ChainEvaluation.HOLDOUT_15);
        }
    }

    @Test
    void printsHoldout16WhenAsked() {
        if (Boolean.getBoolean("pmmemory.eval.heldout16")) {
            print(ChainEvaluation.HOLDOUT_16);
        }
    }

    @Test
    void printsHoldout17WhenAsked() {
        if (Boolean.getBoolean("pmmemory.eval.heldout17")) {
            ChainEvaluation.HELD_OUT.forEach(HeldOutSignEvaluationTest::print);
        }
    }

    private static void print(String file) {
        NgramClassifier link = NgramClassifier.shipped(NgramClassifier.DEFAULT_MIN_CONFIDENCE);
        Optional<SecondOpinion> second = Optional.of((message, entities, rules) ->
                link.overrule(message, rules, NgramClassifier.DEFAULT_OVERRULE_MARGIN));
        Optional<SignDoubt> doubt = Optional.of(new SignDoubt(link::posteriors, NgramClassifier.DEFAULT_HOLD_BELOW,
                SignCues.of(Lexicon.loadDefault())));
        System.out.println(ChainEvaluation.figuresOfChain("chain without holding (bench/eval/" + file
                + ", held out, not asserted)", file, rules -> new ClassifierChain(List.of(rules, link::classify), second)));
        System.out.println(ChainEvaluation.figuresOfChain("shipped chain, unsure signs held (bench/eval/" + file
                + ", held out, not asserted)", file,
                rules -> new ClassifierChain(List.of(rules, link::classify), second, doubt)));
        // the misses, only once the round's figure is recorded: reading them first would tune on the set
        if (Boolean.getBoolean("pmmemory.eval.misses")) {
            System.out.println(ChainEvaluation.missesOfChain(file,
                    rules -> new ClassifierChain(List.of(rules, link::classify), second, doubt)));
        }
    }
}
