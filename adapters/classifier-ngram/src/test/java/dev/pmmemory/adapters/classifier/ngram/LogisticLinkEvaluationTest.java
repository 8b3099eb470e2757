package dev.pmmemory.adapters.classifier.ngram;

import static org.assertj.core.api.Assertions.assertThat;

import dev.pmmemory.application.eval.ChainEvaluation;
import dev.pmmemory.domain.classify.Classification;
import dev.pmmemory.domain.lexicon.Lexicon;
import dev.pmmemory.domain.memory.MemoryType;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.function.Function;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;

/**
 * Does a logistic regression over n-grams and the rules' answer beat the shipped chain (the rules, the
 * naive Bayes link and its second opinion), and does it allow the rules that only patch phrasing to go?
 * Chosen on 5-fold cross-validation of the development data only; it did not win (bench/eval/README.md),
 * so nothing of it ships and the test asserts that the shipped chain stays ahead. The held-out set of
 * this round (holdout-14) is printed only with {@code -Dpmmemory.eval.heldout14=true}: once, never tuned on.
 */
class LogisticLinkEvaluationTest {

    private static final int FOLDS = 5;
    /** The lexicon lines of the phrasing rules (RuleClassifier's Phrasing and irony): dropped in the ablation. */
    private static final Set<String> PHRASING_LINES = Set.of("degree", "excess", "adjective", "question_word",
            "question_opener", "request", "scare_quote", "irony");
    private static final List<LogisticRegression.Settings> SETTINGS_SWEEP = List.of(
            new LogisticRegression.Settings(20, 0.1, 1e-4, 2), new LogisticRegression.Settings(30, 0.5, 1e-5, 2),
            new LogisticRegression.Settings(30, 1.0, 1e-5, 2), new LogisticRegression.Settings(30, 0.5, 1e-4, 2));
    private static final double[] FLOORS = {0.3, 0.4, 0.5, 0.6, 0.7, 0.8, 0.9};
    private static final double[] OVERRULES = {0.5, 0.6, 0.7, 0.8, 0.9, 0.95, 2.0};

    /** A labelled message with the two rule sets' answers, computed once. */
    private record Case(String file, boolean hard, String type, String text, Classification rules,
                        Classification plainRules) {
    }

    /** One way of deciding: accuracy all / hard, and sign flips (praise stored as a negative or the reverse). */
    private record Score(int hits, int hardHits, int flips) {
        static Score of(List<Case> cases, List<String> answers) {
            int hits = 0;
            int hardHits = 0;
            int flips = 0;
            for (int i = 0; i < cases.size(); i++) {
                Case c = cases.get(i);
                boolean right = answers.get(i).equals(c.type());
                hits += right ? 1 : 0;
                hardHits += right && c.hard() ? 1 : 0;
                flips += flipped(c.type(), answers.get(i)) ? 1 : 0;
            }
            return new Score(hits, hardHits, flips);
        }

        String show(List<Case> cases) {
            long hard = cases.stream().filter(Case::hard).count();
            return String.format("all %.3f (%d/%d), hard %.3f (%d/%d), sign flips %d", hits / (double) cases.size(),
                    hits, cases.size(), hardHits / (double) hard, hardHits, hard, flips);
        }
    }

    /** The CV-best settings of the sweep (printed by the sweep as "best"). */
    static final LogisticRegression.Settings BEST = new LogisticRegression.Settings(20, 0.1, 1e-4, 2);
    static final double BEST_FLOOR = 0.3;
    static final double BEST_OVERRULE = 0.5;

    /** What the model sees: the message's n-grams and words (as the naive Bayes link), and the rules' answer. */
    static List<String> features(String message, Optional<MemoryType> rules) {
        List<String> features = new ArrayList<>(NgramFeatures.of(message));
        features.add("rule:" + name(rules));
        return features;
    }

    static boolean flipped(String expected, String got) {
        Set<String> praise = Set.of("project_positive", "project_advance");
        return praise.contains(expected) && got.equals("project_negative")
                || expected.equals("project_negative") && praise.contains(got);
    }

    static Lexicon withoutPhrasingRules() {
        String text = Arrays.stream(Lexicon.defaultText().split("\n", -1))
                .filter(line -> !PHRASING_LINES.contains(line.split("\\s+", 2)[0])).collect(Collectors.joining("\n"));
        return Lexicon.parse(text);
    }

    private static List<Case> cases(List<String> files) {
        Function<String, Classification> plain = ChainEvaluation.rulesOf(withoutPhrasingRules());
        List<Case> cases = new ArrayList<>();
        for (String file : files) {
            for (ChainEvaluation.Example e : ChainEvaluation.examples(file)) {
                cases.add(new Case(file, e.hard(), e.type(), ChainEvaluation.redacted(e.message()),
                        ChainEvaluation.rules(e.message()), plain.apply(e.message())));
            }
        }
        return cases;
    }

    private static String name(Optional<MemoryType> type) {
        return type.map(MemoryType::wireName).orElse("none");
    }

    /** The chain with the logistic link: a question ends it; the link overrules a type or fills in where none was found. */
    static String chain(Classification rules, Function<Optional<MemoryType>, LogisticRegression.Prediction> link,
                        double floor, double overrule) {
        if (rules.question()) {
            return "none";
        }
        LogisticRegression.Prediction guess = link.apply(rules.type());
        if (rules.type().isPresent()) {
            boolean over = !guess.label().equals(name(rules.type())) && guess.confidence() >= overrule
                    && !guess.label().equals("summary");
            return over ? guess.label() : name(rules.type());
        }
        return guess.confidence() >= floor && !guess.label().equals("summary") ? guess.label() : "none";
    }

    /** The shipped chain: rules, the naive Bayes link at its floor, its second opinion at its margin. */
    static String shippedChain(Classification rules, String text, NaiveBayes model) {
        if (rules.question()) {
            return "none";
        }
        NaiveBayes.Prediction guess = model.predict(text);
        if (rules.type().isPresent()) {
            String ruled = name(rules.type());
            boolean heard = text.length() <= NgramClassifier.OVERRULE_MAX_LENGTH && !guess.label().equals("summary")
                    && (!guess.label().equals("none") || text.length() <= NgramClassifier.NONE_MAX_LENGTH);
            return heard && !guess.label().equals(ruled)
                    && model.logOdds(text, guess.label(), ruled) >= NgramClassifier.DEFAULT_OVERRULE_MARGIN
                    ? guess.label() : ruled;
        }
        return guess.confidence() >= NgramClassifier.DEFAULT_MIN_CONFIDENCE && !guess.label().equals("none")
                && !guess.label().equals("summary") ? guess.label() : "none";
    }

    private static List<LogisticRegression.Example> training(List<Case> cases, boolean plain) {
        return cases.stream().map(c -> new LogisticRegression.Example(c.type(),
                features(c.text(), (plain ? c.plainRules() : c.rules()).type()))).toList();
    }

    @Test
    void theShippedSettingsAreTheBestOfTheCrossValidationSweep() {
        List<Case> cases = cases(ChainEvaluation.DEVELOPMENT);
        int n = cases.size();
        StringBuilder out = new StringBuilder("\n=== logistic link: 5-fold cross-validation on the development data ===\n");
        out.append("rules alone:                ").append(Score.of(cases, cases.stream().map(c -> name(c.rules().type())).toList()).show(cases)).append('\n');
        out.append("rules without phrasing:     ").append(Score.of(cases, cases.stream().map(c -> name(c.plainRules().type())).toList()).show(cases)).append('\n');
        List<String> shipped = new ArrayList<>(java.util.Collections.nCopies(n, ""));
        for (int fold = 0; fold < FOLDS; fold++) {
            List<TrainingData.Example> train = new ArrayList<>();
            for (int i = 0; i < n; i++) {
                if (i % FOLDS != fold) {
                    train.add(new TrainingData.Example(cases.get(i).type(), cases.get(i).text()));
                }
            }
            NaiveBayes model = NaiveBayes.train(train);
            for (int i = fold; i < n; i += FOLDS) {
                shipped.set(i, shippedChain(cases.get(i).rules(), cases.get(i).text(), model));
            }
        }
        Score shippedScore = Score.of(cases, shipped);
        out.append("shipped (rules + naive Bayes + second opinion): ").append(shippedScore.show(cases)).append('\n');
        String best = null;
        Score bestScore = null;
        for (boolean plain : new boolean[] {false, true}) {
            for (LogisticRegression.Settings settings : SETTINGS_SWEEP) {
                List<LogisticRegression> models = new ArrayList<>();
                for (int fold = 0; fold < FOLDS; fold++) {
                    List<Case> train = new ArrayList<>();
                    for (int i = 0; i < n; i++) {
                        if (i % FOLDS != fold) {
                            train.add(cases.get(i));
                        }
                    }
                    models.add(LogisticRegression.train(training(train, plain), settings));
                }
                for (double floor : FLOORS) {
                    for (double overrule : OVERRULES) {
                        List<String> answers = new ArrayList<>();
                        for (int i = 0; i < n; i++) {
                            Case c = cases.get(i);
                            LogisticRegression model = models.get(i % FOLDS);
                            answers.add(chain(plain ? c.plainRules() : c.rules(),
                                    type -> model.predict(features(c.text(), type)), floor, overrule));
                        }
                        Score score = Score.of(cases, answers);
                        String setting = String.format("%s rules, %s, floor %.2f, overrule %s", plain ? "plain" : "full",
                                settings, floor, overrule > 1 ? "never" : String.format("%.2f", overrule));
                        if (floor == 0.5 && overrule == 0.5) {
                            out.append("  ").append(setting).append(": ").append(score.show(cases)).append('\n');
                        }
                        // ties go to the later setting in the sweep: plain rules (fewer rules), then the more cautious
                        if (bestScore == null || score.hits() >= bestScore.hits()) {
                            bestScore = score;
                            best = setting;
                        }
                    }
                }
            }
        }
        out.append("best: ").append(best).append(": ").append(bestScore.show(cases)).append('\n');
        System.out.println(out);
        // the learned link would replace the naive Bayes one only if it won; it does not (0.861 vs 0.881)
        assertThat(bestScore.hits()).as("the logistic link now beats the shipped chain: consider shipping it")
                .isLessThan(shippedScore.hits());
    }

    @Test
    void printsTheHeldOutSetOnceWhenAsked() {
        if (!Boolean.getBoolean("pmmemory.eval.heldout14")) {
            return;
        }
        List<Case> development = cases(ChainEvaluation.DEVELOPMENT);
        LogisticRegression plain = LogisticRegression.train(training(development, true), BEST);
        LogisticRegression full = LogisticRegression.train(training(development, false), BEST);
        List<Case> held = cases(List.of("holdout-14.tsv"));
        NaiveBayes shippedModel = NaiveBayes.train(TrainingData.shipped());
        List<String> rulesAlone = held.stream().map(c -> name(c.rules().type())).toList();
        List<String> before = held.stream().map(c -> shippedChain(c.rules(), c.text(), shippedModel)).toList();
        List<String> afterPlain = held.stream().map(c -> chain(c.plainRules(),
                type -> plain.predict(features(c.text(), type)), BEST_FLOOR, BEST_OVERRULE)).toList();
        List<String> afterFull = held.stream().map(c -> chain(c.rules(),
                type -> full.predict(features(c.text(), type)), BEST_FLOOR, BEST_OVERRULE)).toList();
        StringBuilder out = new StringBuilder("\n=== holdout-14 (held out, run once) ===\n");
        out.append("rules alone: ").append(Score.of(held, rulesAlone).show(held)).append('\n');
        out.append("shipped chain (rules + naive Bayes + second opinion): ").append(Score.of(held, before).show(held)).append('\n');
        out.append("rules without phrasing + logistic (CV best): ").append(Score.of(held, afterPlain).show(held)).append('\n');
        out.append("rules + logistic (same settings): ").append(Score.of(held, afterFull).show(held)).append('\n');
        for (int i = 0; i < held.size(); i++) {
            Case c = held.get(i);
            if (!before.get(i).equals(c.type()) || !afterPlain.get(i).equals(c.type())) {
                out.append(String.format("  expected %s, shipped %s, logistic %s  %s%n", c.type(), before.get(i),
                        afterPlain.get(i), c.text()));
            }
        }
        System.out.println(out);
    }
}
