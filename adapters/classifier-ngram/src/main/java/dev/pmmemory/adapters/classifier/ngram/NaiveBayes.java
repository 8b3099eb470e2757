package dev.pmmemory.adapters.classifier.ngram;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;

/**
 * A multinomial naive Bayes over {@link NgramFeatures}, add-one smoothed, over the labels of its
 * training examples (the memory types and "none"). Immutable once trained; log-probabilities are
 * computed once, so a prediction is one map look-up per feature and label. Deterministic: labels
 * in sorted order, no random state.
 */
final class NaiveBayes {

    /** A label and its posterior probability among all labels. */
    record Prediction(String label, double confidence) {
    }

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
            logDenominator[l] = Math.log(featuresPerLabel.getOrDefault(labels[l], 0) + (double) vocabulary.size());
            logUnseen[l] = -logDenominator[l];
        }
        Map<String, double[]> logLikelihood = new HashMap<>();
        for (String feature : vocabulary) {
            double[] row = new double[labels.length];
            for (int l = 0; l < labels.length; l++) {
                int seen = counts.getOrDefault(labels[l], Map.of()).getOrDefault(feature, 0);
                row[l] = Math.log(seen + 1.0) - logDenominator[l];
            }
            logLikelihood.put(feature, row);
        }
        return new NaiveBayes(labels, logPrior, logLikelihood, logUnseen);
    }

    Prediction predict(String message) {
        double[] score = logPrior.clone();
        for (String feature : NgramFeatures.of(message)) {
            // a feature no training message had counts as seen 0 times (add-one), as in training
            double[] row = logLikelihood.getOrDefault(feature, logUnseen);
            for (int l = 0; l < score.length; l++) {
                score[l] += row[l];
            }
        }
        int best = 0;
        for (int l = 1; l < score.length; l++) {
            if (score[l] > score[best]) {
                best = l;
            }
        }
        double sum = 0;
        for (double s : score) {
            sum += Math.exp(s - score[best]);
        }
        return new Prediction(labels[best], 1.0 / sum);
    }

    List<String> labels() {
        return new ArrayList<>(List.of(labels));
    }

    /** Package-private for tests: how many distinct features the model knows. */
    int vocabularySize() {
        return logLikelihood.size();
    }
}
