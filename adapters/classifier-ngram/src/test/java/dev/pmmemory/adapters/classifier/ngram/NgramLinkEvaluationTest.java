package dev.pmmemory.adapters.classifier.ngram;

import static org.assertj.core.api.Assertions.assertThat;

import dev.pmmemory.adapters.classifier.ngram.TrainingData.Example;
import dev.pmmemory.application.eval.ChainEvaluation;
import dev.pmmemory.domain.classify.Classification;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Does the n-gram link beat the rules, and above which posterior is it trusted? The floor is chosen
 * on 5-fold cross-validation of the development data only (the rules as shipped, the model trained
 * on four folds and asked about the fifth's messages the rules leave unclassified and do not take
 * for questions); the test fails when the shipped floor stops being the best of the sweep (ties:
 * the higher floor, the more cautious). The held-out sets (holdout-6.tsv, holdout-7.tsv) are printed only with
 * {@code -Dpmmemory.eval.heldout=true}: it is run once per round, never tuned on.
 */
class NgramLinkEvaluationTest {

    private static final int FOLDS = 5;
    private static final double[] SWEEP = {0.3, 0.4, 0.5, 0.6, 0.7, 0.8, 0.9, 0.95, 0.98, 0.99, 0.995, 0.999};

    /** A development message with the rules' answer, computed once. */
    private record Case(ChainEvaluation.Example example, String text, Classification rules) {
        String rulesType() {
            return rules.type().map(t -> t.wireName()).orElse("none");
        }
    }

    @Test
    void theShippedTrainingFileIsTheDevelopmentData() throws IOException {
        StringBuilder expected = new StringBuilder();
        expected.append("# The n-gram link's training data (label TAB message): bench/eval's development sets ")
                .append(String.join(", ", ChainEvaluation.DEVELOPMENT)).append(",\n")
                .append("# in that order (type and message columns). Generated; NgramLinkEvaluationTest fails when it differs from them\n")
                .append("# (regenerate with -Dpmmemory.ngram.write-training=true). Never holds a held-out set (")
                .append(String.join(", ", ChainEvaluation.HELD_OUT)).append(").\n");
        for (Example example : development()) {
            expected.append(example.label()).append('\t').append(example.message()).append('\n');
        }
        Path source = Path.of("src/main/resources").resolve(TrainingData.RESOURCE);
        if (Boolean.getBoolean("pmmemory.ngram.write-training")) {
            Files.writeString(source, expected, StandardCharsets.UTF_8);
        }
        assertThat(Files.readString(source, StandardCharsets.UTF_8))
                .as("%s differs from bench/eval's development sets: rerun with -Dpmmemory.ngram.write-training=true", source)
                .isEqualTo(expected.toString());
    }

    @Test
    void theShippedFloorIsTheBestOfTheCrossValidationSweep() {
        List<Case> cases = new ArrayList<>();
        for (String file : ChainEvaluation.DEVELOPMENT) {
            for (ChainEvaluation.Example example : ChainEvaluation.examples(file)) {
                String text = ChainEvaluation.redacted(example.message());
                cases.add(new Case(example, text, ChainEvaluation.rules(example.message())));
            }
        }
        int n = cases.size();
        int rulesHits = 0;
        int aloneHits = 0;
        int askable = 0;
        int[] chainHits = new int[SWEEP.length];
        int[] answered = new int[SWEEP.length];
        int[] answeredRight = new int[SWEEP.length];
        for (int fold = 0; fold < FOLDS; fold++) {
            List<Example> train = new ArrayList<>();
            List<Case> test = new ArrayList<>();
            for (int i = 0; i < n; i++) {
                if (i % FOLDS == fold) {
                    test.add(cases.get(i));
                } else {
                    train.add(new Example(cases.get(i).example().type(), cases.get(i).text()));
                }
            }
            NgramClassifier model = NgramClassifier.trainedOn(train, 1.0);
            for (Case c : test) {
                String gold = c.example().type();
                String rule = c.rulesType();
                NaiveBayes.Prediction guess = model.predict(c.text());
                rulesHits += rule.equals(gold) ? 1 : 0;
                aloneHits += guess.label().equals(gold) ? 1 : 0;
                boolean asked = c.rules().type().isEmpty() && !c.rules().question();
                askable += asked ? 1 : 0;
                for (int t = 0; t < SWEEP.length; t++) {
                    boolean trusted = asked && guess.confidence() >= SWEEP[t] && !guess.label().equals("none")
                            && !guess.label().equals("summary");
                    String chain = trusted ? guess.label() : rule;
                    chainHits[t] += chain.equals(gold) ? 1 : 0;
                    answered[t] += trusted ? 1 : 0;
                    answeredRight[t] += trusted && guess.label().equals(gold) ? 1 : 0;
                }
            }
        }
        StringBuilder out = new StringBuilder("\n=== n-gram link: 5-fold cross-validation on the development data ===\n");
        out.append(String.format("messages %d (%s); the rules leave %d unclassified and not questions%n", n,
                String.join(", ", ChainEvaluation.DEVELOPMENT), askable));
        out.append(String.format("rules alone %.3f (%d/%d), n-gram alone %.3f%n", rulesHits / (double) n, rulesHits, n,
                aloneHits / (double) n));
        int best = 0;
        for (int t = 0; t < SWEEP.length; t++) {
            out.append(String.format("floor %.3f: rules + n-gram %.3f (%d/%d), link answered %d, right %d%n", SWEEP[t],
                    chainHits[t] / (double) n, chainHits[t], n, answered[t], answeredRight[t]));
            if (chainHits[t] >= chainHits[best]) {
                best = t;
            }
        }
        out.append(String.format("best floor %.3f; shipped %.3f%n", SWEEP[best], NgramClassifier.DEFAULT_MIN_CONFIDENCE));
        System.out.println(out);
        assertThat(NgramClassifier.DEFAULT_MIN_CONFIDENCE).isEqualTo(SWEEP[best]);
        assertThat(chainHits[best]).as("the link must not lose to the rules on cross-validation").isGreaterThanOrEqualTo(rulesHits);
    }

    @Test
    void printsTheHeldOutSetWhenAsked() {
        if (!Boolean.getBoolean("pmmemory.eval.heldout")) {
            return;
        }
        NgramClassifier link = NgramClassifier.shipped(NgramClassifier.DEFAULT_MIN_CONFIDENCE);
        for (String heldOut : ChainEvaluation.HELD_OUT) {
            System.out.println(ChainEvaluation.figures("rules + n-gram link (bench/eval/" + heldOut
                    + ", held out, not asserted)", heldOut, link::classify));
            int hits = 0;
            List<ChainEvaluation.Example> set = ChainEvaluation.examples(heldOut);
            for (ChainEvaluation.Example example : set) {
                hits += link.predict(ChainEvaluation.redacted(example.message())).label().equals(example.type()) ? 1 : 0;
            }
            System.out.printf("n-gram alone on %s: %.3f (%d/%d)%n", heldOut, hits / (double) set.size(), hits, set.size());
        }
        // the development sets with the link trained on them (in-sample: the training set must not fall)
        for (String file : ChainEvaluation.DEVELOPMENT) {
            System.out.println(ChainEvaluation.figures("rules + n-gram link (bench/eval/" + file + ", training data)",
                    file, link::classify));
        }
    }

    private static List<Example> development() {
        List<Example> examples = new ArrayList<>();
        for (String file : ChainEvaluation.DEVELOPMENT) {
            ChainEvaluation.examples(file).forEach(e -> examples.add(new Example(e.type(), e.message().strip())));
        }
        return examples;
    }
}
