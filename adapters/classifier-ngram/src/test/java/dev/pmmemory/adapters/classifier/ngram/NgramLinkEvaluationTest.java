package dev.pmmemory.adapters.classifier.ngram;

import static org.assertj.core.api.Assertions.assertThat;

import dev.pmmemory.adapters.classifier.ngram.TrainingData.Example;
import dev.pmmemory.application.eval.ChainEvaluation;
import dev.pmmemory.domain.classify.Classification;
import dev.pmmemory.domain.classify.SecondOpinion;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/**
 * Does the n-gram link beat the rules, and above which posterior is it trusted? The floor is chosen
 * on 5-fold cross-validation of the development data only (the rules as shipped, the model trained
 * on four folds and asked about the fifth's messages the rules leave unclassified and do not take
 * for questions); the test fails when the shipped floor stops being the best of the sweep (ties:
 * the higher floor, the more cautious). The held-out sets (ChainEvaluation.HELD_OUT) are printed only with
 * {@code -Dpmmemory.eval.heldout=true}: it is run once per round, never tuned on.
 */
class NgramLinkEvaluationTest {

    private static final int FOLDS = 5;

    /** A development message with the rules' answer, computed once. */
    private record Case(String file, ChainEvaluation.Example example, String text, Classification rules) {
        String rulesType() {
            return rules.type().map(t -> t.wireName()).orElse("none");
        }

        /** Whether the chain asks the link (the rules left it unclassified and took it for no question). */
        boolean asked() {
            return rules.type().isEmpty() && !rules.question();
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
    void theShippedSettingsAreTheBestOfTheCrossValidationSweep() {
        List<Case> cases = new ArrayList<>();
        for (String file : ChainEvaluation.DEVELOPMENT) {
            for (ChainEvaluation.Example example : ChainEvaluation.examples(file)) {
                String text = ChainEvaluation.redacted(example.message());
                cases.add(new Case(file, example, text, ChainEvaluation.rules(example.message())));
            }
        }
        int n = cases.size();
        int rulesHits = 0;
        int askable = 0;
        for (Case c : cases) {
            rulesHits += c.rulesType().equals(c.example().type()) ? 1 : 0;
            askable += c.asked() ? 1 : 0;
        }
        StringBuilder out = new StringBuilder("\n=== n-gram link: 5-fold cross-validation on the development data ===\n");
        out.append(String.format("messages %d (%s); the rules leave %d unclassified and not questions; rules alone %.3f"
                + " (%d/%d), on the sets no rule was tuned on (%s) %.3f%n", n, String.join(", ", ChainEvaluation.DEVELOPMENT),
                askable, rulesHits / (double) n, rulesHits, n, String.join(", ", RULE_FRESH),
                fresh(cases, c -> c.rulesType())));
        Setting best = null;
        int bestHits = -1;
        for (double smoothing : SMOOTHING_SWEEP) {
            Predictions predictions = crossValidated(cases, smoothing);
            out.append(String.format("smoothing %.1f: n-gram alone %.3f%n", smoothing, predictions.aloneAccuracy()));
            for (double floor : FLOOR_SWEEP) {
                for (double margin : MARGIN_SWEEP) {
                    Setting setting = new Setting(smoothing, floor, margin);
                    int hits = 0;
                    int freshHits = 0;
                    int freshCount = 0;
                    for (int i = 0; i < n; i++) {
                        boolean right = predictions.chain(i, setting).equals(cases.get(i).example().type());
                        hits += right ? 1 : 0;
                        if (RULE_FRESH.contains(cases.get(i).file())) {
                            freshCount++;
                            freshHits += right ? 1 : 0;
                        }
                    }
                    out.append(String.format("  floor %.2f, overrule margin %s: rules + n-gram %.3f (%d/%d), rule-fresh sets %.3f%n",
                            floor, margin == NEVER ? "never" : String.format("%.0f", margin), hits / (double) n, hits, n,
                            freshHits / (double) freshCount));
                    // ties go to the later setting: the larger smoothing, floor and margin, the more cautious
                    if (hits >= bestHits) {
                        bestHits = hits;
                        best = setting;
                    }
                }
            }
        }
        Setting shipped = new Setting(NaiveBayes.SMOOTHING, NgramClassifier.DEFAULT_MIN_CONFIDENCE,
                NgramClassifier.DEFAULT_OVERRULE_MARGIN);
        out.append(String.format("best %s (%d/%d); shipped %s%n", best, bestHits, n, shipped));
        // the longest message the second opinion is heard on, at the best setting (naive Bayes odds grow with length)
        Predictions atBest = crossValidated(cases, best.smoothing());
        int bestCap = 0;
        int bestCapHits = -1;
        for (int cap : CAP_SWEEP) {
            int hits = 0;
            for (int i = 0; i < n; i++) {
                hits += atBest.chain(i, best, cap).equals(cases.get(i).example().type()) ? 1 : 0;
            }
            out.append(String.format("second opinion on messages of at most %d characters: %.3f (%d/%d)%n", cap,
                    hits / (double) n, hits, n));
            if (hits > bestCapHits) { // ties: the shorter cap, the more cautious (the sweep runs shortest first)
                bestCapHits = hits;
                bestCap = cap;
            }
        }
        System.out.println(out);
        assertThat(shipped).isEqualTo(best);
        assertThat(NgramClassifier.OVERRULE_MAX_LENGTH).isEqualTo(bestCap);
        assertThat(bestHits).as("the link must not lose to the rules on cross-validation").isGreaterThanOrEqualTo(rulesHits);
    }

    /** The development sets no rule was written or tuned from: the rules' honest error, which the overrule is for. */
    private static final List<String> RULE_FRESH = List.of("holdout-8.tsv", "train-voice-a.tsv", "train-voice-b.tsv",
            "train-voice-c.tsv", "holdout-9.tsv", "train-voice-d.tsv", "train-voice-e.tsv", "holdout-10.tsv");
    private static final double[] SMOOTHING_SWEEP = {0.3, 0.5, 1.0};
    private static final double[] FLOOR_SWEEP = {0.3, 0.4, 0.5, 0.6, 0.7, 0.8, 0.9};
    private static final double NEVER = Double.POSITIVE_INFINITY;
    private static final double[] MARGIN_SWEEP = {6, 8, 10, 12, 14, 16, 20, NEVER};
    private static final int[] CAP_SWEEP = {80, 120, 200, 400, 4000};

    private record Setting(double smoothing, double floor, double margin) {
    }

    private static double fresh(List<Case> cases, java.util.function.Function<Case, String> answer) {
        int hits = 0;
        int count = 0;
        for (Case c : cases) {
            if (RULE_FRESH.contains(c.file())) {
                count++;
                hits += answer.apply(c).equals(c.example().type()) ? 1 : 0;
            }
        }
        return count == 0 ? 0 : hits / (double) count;
    }

    /** Each case's prediction by a model trained on the four folds it is not in. */
    private record Predictions(List<Case> cases, List<NaiveBayes.Prediction> guesses, double[] overOdds) {
        String chain(int i, Setting s) {
            return chain(i, s, NgramClassifier.OVERRULE_MAX_LENGTH);
        }

        /** As the shipped chain decides, the second opinion heard only on messages of at most {@code maxLength}. */
        String chain(int i, Setting s, int maxLength) {
            Case c = cases.get(i);
            NaiveBayes.Prediction guess = guesses.get(i);
            if (c.rules().type().isPresent()) {
                boolean heard = c.text().length() <= maxLength && !guess.label().equals("summary")
                        && (!guess.label().equals("none") || c.text().length() <= NgramClassifier.NONE_MAX_LENGTH);
                return heard && overOdds[i] >= s.margin() ? guess.label() : c.rulesType();
            }
            boolean trusted = c.asked() && guess.confidence() >= s.floor() && !guess.label().equals("none")
                    && !guess.label().equals("summary");
            return trusted ? guess.label() : c.rulesType();
        }

        double aloneAccuracy() {
            int hits = 0;
            for (int i = 0; i < cases.size(); i++) {
                hits += guesses.get(i).label().equals(cases.get(i).example().type()) ? 1 : 0;
            }
            return hits / (double) cases.size();
        }
    }

    private static Predictions crossValidated(List<Case> cases, double smoothing) {
        int n = cases.size();
        List<NaiveBayes.Prediction> guesses = new ArrayList<>(java.util.Collections.nCopies(n, null));
        double[] overOdds = new double[n];
        for (int fold = 0; fold < FOLDS; fold++) {
            List<Example> train = new ArrayList<>();
            for (int i = 0; i < n; i++) {
                if (i % FOLDS != fold) {
                    train.add(new Example(cases.get(i).example().type(), cases.get(i).text()));
                }
            }
            NaiveBayes model = NaiveBayes.train(train, smoothing);
            for (int i = fold; i < n; i += FOLDS) {
                Case c = cases.get(i);
                guesses.set(i, model.predict(c.text()));
                // how much likelier the model's answer is than the rules' type (0 when they agree: never overruled)
                overOdds[i] = c.rules().type().isEmpty() || guesses.get(i).label().equals(c.rulesType())
                        ? Double.NEGATIVE_INFINITY : model.logOdds(c.text(), guesses.get(i).label(), c.rulesType());
            }
        }
        return new Predictions(cases, guesses, overOdds);
    }

    @Test
    void printsTheHeldOutSetWhenAsked() {
        if (!Boolean.getBoolean("pmmemory.eval.heldout")) {
            return;
        }
        NgramClassifier link = NgramClassifier.shipped(NgramClassifier.DEFAULT_MIN_CONFIDENCE);
        Optional<SecondOpinion> second = Optional.of((message, entities, rules) ->
                link.overrule(message, rules, NgramClassifier.DEFAULT_OVERRULE_MARGIN));
        for (String heldOut : ChainEvaluation.HELD_OUT) {
            System.out.println(ChainEvaluation.figures("rules + n-gram link, no second opinion (bench/eval/" + heldOut
                    + ", held out, not asserted)", heldOut, link::classify));
            System.out.println(ChainEvaluation.figures("rules + n-gram link + its second opinion: shipped (bench/eval/"
                    + heldOut + ", held out, not asserted)", heldOut, link::classify, second));
            int hits = 0;
            List<ChainEvaluation.Example> set = ChainEvaluation.examples(heldOut);
            for (ChainEvaluation.Example example : set) {
                hits += link.predict(ChainEvaluation.redacted(example.message())).label().equals(example.type()) ? 1 : 0;
            }
            System.out.printf("n-gram alone on %s: %.3f (%d/%d)%n", heldOut, hits / (double) set.size(), hits, set.size());
        }
        // the development sets with the link trained on them (in-sample: the training set must not fall)
        for (String file : ChainEvaluation.DEVELOPMENT) {
            System.out.println(ChainEvaluation.figures("rules + n-gram link + second opinion (bench/eval/" + file
                    + ", training data)", file, link::classify, second));
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
