package dev.pmmemory.adapters.classifier.ngram;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeMap;

/**
 * A multinomial naive Bayes over {@link NgramFeatures}, Lidstone-smoothed, over the labels of its
 * training examples (the memory types and "none"). Immutable once trained; log-probabilities are
 * computed once, so a prediction is one map look-up per feature and label. Deterministic: labels
 * in sorted order, no random state.
 */
final class NaiveBayes {

    /** A label and its posterior probability among all labels. */
    record Prediction(String label, double confidence) {
    }

    /** Additive smoothing of the feature counts (Lidstone), chosen by cross-validation (NgramLinkEvaluationTest). */
    static final double SMOOTHING = 0.5;

    private final String[] labels;
    private final double[] logPrior;
    /** Per feature, its log-probability under each label (index as {@link #labels}). */
    private final Map<String, double[]> logLikelihood;
    /** Per label, the log-probability of a feature never seen with it. */
    private final double[] logUnseen;

    private NaiveBayes(String[] labels, double[] logPrior, Map<String, double[]> logLikelihood, double[] logUnseen) {
        this.labels = labels;
        this.logPrior = logPrior;
        this.logLikelihood = logLikelihood;
        this.logUnseen = logUnseen;
    }

    static NaiveBayes train(List<TrainingData.Example> examples) {
        return train(examples, SMOOTHING);
    }

    static NaiveBayes train(List<TrainingData.Example> examples, double smoothing) {
        if (examples.isEmpty()) {
            throw new IllegalArgumentException("no training examples");
        }
        Map<String, Integer> messagesPerLabel = new TreeMap<>();
        Map<String, Map<String, Integer>> counts = new HashMap<>();
        Map<String, Integer> featuresPerLabel = new HashMap<>();
        Set<String> vocabulary = new HashSet<>();
        for (TrainingData.Example example : examples) {
            messagesPerLabel.merge(example.label(), 1, Integer::sum);
            for (String feature : NgramFeatures.of(example.message())) {
                counts.computeIfAbsent(example.label(), k -> new HashMap<>()).merge(feature, 1, Integer::sum);
                featuresPerLabel.merge(example.label(), 1, Integer::sum);
                vocabulary.add(feature);
            }
        }
        String[] labels = messagesPerLabel.keySet().toArray(String[]::new);
        double[] logPrior = new double[labels.length];
        double[] logUnseen = new double[labels.length];
        double[] logDenominator = new double[labels.length];
        for (int l = 0; l < labels.length; l++) {
            logPrior[l] = Math.log(messagesPerLabel.get(labels[l]) / (double) examples.size());
            logDenominator[l] = Math.log(featuresPerLabel.getOrDefault(labels[l], 0) + smoothing * vocabulary.size());
            logUnseen[l] = Math.log(smoothing) - logDenominator[l];
        }
        Map<String, double[]> logLikelihood = new HashMap<>();
        for (String feature : vocabulary) {
            double[] row = new double[labels.length];
            for (int l = 0; l < labels.length; l++) {
                int seen = counts.getOrDefault(labels[l], Map.of()).getOrDefault(feature, 0);
                row[l] = Math.log(seen + smoothing) - logDenominator[l];
            }
            logLikelihood.put(feature, row);
        }
        return new NaiveBayes(labels, logPrior, logLikelihood, logUnseen);
    }

    Prediction predict(String message) {
        double[] score = logScores(message);
        int best = argMax(score);
        double sum = 0;
        for (double s : score) {
            sum += Math.exp(s - score[best]);
        }
        return new Prediction(labels[best], 1.0 / sum);
    }

    /** Every label with its posterior probability (summing to 1), in label order. */
    Map<String, Double> posteriors(String message) {
        double[] score = logScores(message);
        double top = score[argMax(score)];
        double sum = 0;
        for (double s : score) {
            sum += Math.exp(s - top);
        }
        Map<String, Double> out = new java.util.LinkedHashMap<>();
        for (int l = 0; l < labels.length; l++) {
            out.put(labels[l], Math.exp(score[l] - top) / sum);
        }
        return out;
    }

    /**
     * How much more likely (natural log of the odds) the model finds {@code label} than {@code other} for the
     * message; a label it never saw counts as infinitely unlikely.
     */
    double logOdds(String message, String label, String other) {
        return logOdds(logScores(message), label, other);
    }

    /** The most likely label when it is at least e^{@code margin} times likelier than {@code other}. */
    Optional<String> likelierThan(String message, String other, double margin) {
        double[] score = logScores(message);
        String best = labels[argMax(score)];
        return !best.equals(other) && logOdds(score, best, other) >= margin ? Optional.of(best) : Optional.empty();
    }

    private double logOdds(double[] score, String label, String other) {
        int a = Arrays.asList(labels).indexOf(label);
        int b = Arrays.asList(labels).indexOf(other);
        if (a < 0) {
            return Double.NEGATIVE_INFINITY;
        }
        return b < 0 ? Double.POSITIVE_INFINITY : score[a] - score[b];
    }

    private static int argMax(double[] score) {
        int best = 0;
        for (int l = 1; l < score.length; l++) {
            if (score[l] > score[best]) {
                best = l;
            }
        }
        return best;
    }

    /** Per label (index as {@link #labels}), the log of prior times likelihood of the message's features. */
    private double[] logScores(String message) {
        double[] score = logPrior.clone();
        for (String feature : NgramFeatures.of(message)) {
            // a feature no training message had counts as seen 0 times (smoothed), as in training
            double[] row = logLikelihood.getOrDefault(feature, logUnseen);
            for (int l = 0; l < score.length; l++) {
                score[l] += row[l];
            }
        }
        return score;
    }

    List<String> labels() {
        return new ArrayList<>(List.of(labels));
    }

    /** Package-private for tests: how many distinct features the model knows. */
    int vocabularySize() {
        return logLikelihood.size();
    }
}
