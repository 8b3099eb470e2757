package dev.pmmemory.application.eval;

import dev.pmmemory.domain.text.TextNormalizer;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;

/**
 * The statistical link tried for issue 12 (experiment, test code): a multinomial naive Bayes over
 * Han character 1–3-grams and whole Latin words, add-one smoothed, over the seven labels (the six
 * types and "none"). Deterministic: no random state, labels iterated in sorted order.
 */
final class NgramNaiveBayes {

    /** A label and its posterior probability among all labels. */
    record Prediction(String label, double confidence) {
    }

    private final Map<String, Map<String, Integer>> counts = new TreeMap<>();
    private final Map<String, Integer> featuresPerLabel = new HashMap<>();
    private final Map<String, Integer> messagesPerLabel = new TreeMap<>();
    private final Set<String> vocabulary = new HashSet<>();
    private int messages;

    void train(String label, String message) {
        messages++;
        messagesPerLabel.merge(label, 1, Integer::sum);
        for (String feature : features(message)) {
            counts.computeIfAbsent(label, k -> new HashMap<>()).merge(feature, 1, Integer::sum);
            featuresPerLabel.merge(label, 1, Integer::sum);
            vocabulary.add(feature);
        }
    }

    Prediction predict(String message) {
        List<String> features = features(message);
        String best = null;
        double bestScore = Double.NEGATIVE_INFINITY;
        List<Double> scores = new ArrayList<>();
        for (Map.Entry<String, Integer> label : messagesPerLabel.entrySet()) {
            double score = Math.log(label.getValue() / (double) messages);
            Map<String, Integer> seen = counts.getOrDefault(label.getKey(), Map.of());
            double denominator = featuresPerLabel.getOrDefault(label.getKey(), 0) + vocabulary.size();
            for (String feature : features) {
                score += Math.log((seen.getOrDefault(feature, 0) + 1.0) / denominator);
            }
            scores.add(score);
            if (score > bestScore) {
                bestScore = score;
                best = label.getKey();
            }
        }
        double sum = 0;
        for (double score : scores) {
            sum += Math.exp(score - bestScore);
        }
        return new Prediction(best, 1.0 / sum);
    }

    /** Latin words whole (with apostrophes: don't), Han runs as character 1-, 2- and 3-grams. */
    static List<String> features(String message) {
        List<String> features = new ArrayList<>();
        for (String run : TextNormalizer.nfkcLower(message).split("[^\\p{L}\\p{N}']+")) {
            if (run.isEmpty()) {
                continue;
            }
            if (run.codePoints().allMatch(cp -> cp < 0x3000)) {
                features.add("w:" + run);
                continue;
            }
            int[] cps = run.codePoints().toArray();
            for (int n = 1; n <= 3; n++) {
                for (int i = 0; i + n <= cps.length; i++) {
                    features.add("c:" + new String(cps, i, n));
                }
            }
        }
        return features;
    }
}
