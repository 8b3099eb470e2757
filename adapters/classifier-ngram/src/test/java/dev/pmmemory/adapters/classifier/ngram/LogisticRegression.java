package dev.pmmemory.adapters.classifier.ngram;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Random;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;

/**
 * A multinomial logistic regression (softmax) over binary features, trained by stochastic gradient
 * descent with L2 weight decay: the learned link tried against the shipped chain (LogisticLinkEvaluationTest).
 * It did not beat it on cross-validation, so it is test code; {@link #write()} and {@link #read} are the
 * weights file a build-time training would ship. Deterministic: a fixed seed for the order of examples,
 * labels and features sorted, so a retrain gives the same weights.
 */
final class LogisticRegression {

    /** A label and its probability among all labels. */
    record Prediction(String label, double confidence) {
    }

    /** One training message: its label and its features. */
    record Example(String label, List<String> features) {
    }

    /**
     * @param epochs       passes over the training data
     * @param learningRate the step of the first pass (divided by 1 + pass after that)
     * @param l2           weight decay per step, on the weights of the features a message has
     * @param minCount     a feature seen in fewer training messages is dropped (a name, a typo: noise)
     */
    record Settings(int epochs, double learningRate, double l2, int minCount) {
    }

    private final String[] labels;
    private final double[] bias;
    private final Map<String, double[]> weights;

    private LogisticRegression(String[] labels, double[] bias, Map<String, double[]> weights) {
        this.labels = labels;
        this.bias = bias;
        this.weights = weights;
    }

    static LogisticRegression train(List<Example> examples, Settings settings) {
        if (examples.isEmpty()) {
            throw new IllegalArgumentException("no training examples");
        }
        Map<String, Integer> seenIn = new HashMap<>();
        Set<String> labelSet = new TreeSet<>();
        for (Example example : examples) {
            labelSet.add(example.label());
            new LinkedHashSet<>(example.features()).forEach(f -> seenIn.merge(f, 1, Integer::sum));
        }
        String[] labels = labelSet.toArray(String[]::new);
        Map<String, double[]> weights = new HashMap<>();
        seenIn.forEach((feature, count) -> {
            if (count >= settings.minCount()) {
                weights.put(feature, new double[labels.length]);
            }
        });
        List<double[][]> rows = new ArrayList<>(); // per example, the weight rows of its kept features
        int[] targets = new int[examples.size()];
        for (int i = 0; i < examples.size(); i++) {
            Example example = examples.get(i);
            targets[i] = java.util.Arrays.asList(labels).indexOf(example.label());
            rows.add(new LinkedHashSet<>(example.features()).stream().map(weights::get).filter(w -> w != null)
                    .toArray(double[][]::new));
        }
        double[] bias = new double[labels.length];
        Random order = new Random(31);
        int[] index = new int[examples.size()];
        for (int i = 0; i < index.length; i++) {
            index[i] = i;
        }
        for (int epoch = 0; epoch < settings.epochs(); epoch++) {
            double rate = settings.learningRate() / (1 + epoch);
            for (int i = index.length - 1; i > 0; i--) { // Fisher-Yates with the fixed seed
                int j = order.nextInt(i + 1);
                int swap = index[i];
                index[i] = index[j];
                index[j] = swap;
            }
            for (int i : index) {
                double[][] active = rows.get(i);
                double[] p = softmax(scores(bias, active));
                for (int k = 0; k < labels.length; k++) {
                    double gradient = p[k] - (k == targets[i] ? 1 : 0);
                    bias[k] -= rate * gradient;
                    for (double[] w : active) {
                        w[k] -= rate * (gradient + settings.l2() * w[k]);
                    }
                }
            }
        }
        return new LogisticRegression(labels, bias, weights);
    }

    private static double[] scores(double[] bias, double[][] active) {
        double[] score = bias.clone();
        for (double[] w : active) {
            for (int k = 0; k < score.length; k++) {
                score[k] += w[k];
            }
        }
        return score;
    }

    private static double[] softmax(double[] score) {
        double max = Double.NEGATIVE_INFINITY;
        for (double s : score) {
            max = Math.max(max, s);
        }
        double sum = 0;
        double[] p = new double[score.length];
        for (int k = 0; k < score.length; k++) {
            p[k] = Math.exp(score[k] - max);
            sum += p[k];
        }
        for (int k = 0; k < score.length; k++) {
            p[k] /= sum;
        }
        return p;
    }

    Prediction predict(List<String> features) {
        double[] p = softmax(scores(bias, new LinkedHashSet<>(features).stream().map(weights::get)
                .filter(w -> w != null).toArray(double[][]::new)));
        int best = 0;
        for (int k = 1; k < p.length; k++) {
            if (p[k] > p[best]) {
                best = k;
            }
        }
        return new Prediction(labels[best], p[best]);
    }

    List<String> labels() {
        return List.of(labels);
    }

    int features() {
        return weights.size();
    }

    /**
     * The weights as text: a line of labels, a line of biases, then one line per feature with a weight of
     * at least {@code 0.0005} for some label, sorted, weights rounded to three decimals (what is read back).
     */
    String write() {
        StringBuilder out = new StringBuilder();
        out.append("labels\t").append(String.join("\t", labels)).append('\n');
        out.append("bias").append(row(bias)).append('\n');
        for (Map.Entry<String, double[]> feature : new TreeMap<>(weights).entrySet()) {
            String row = row(feature.getValue());
            if (row.chars().anyMatch(c -> c >= '1' && c <= '9')) {
                out.append("f\t").append(feature.getKey()).append(row).append('\n');
            }
        }
        return out.toString();
    }

    private static String row(double[] values) {
        StringBuilder row = new StringBuilder();
        for (double v : values) {
            String text = String.format(Locale.ROOT, "%.3f", v);
            row.append('\t').append(text.equals("-0.000") ? "0.000" : text);
        }
        return row.toString();
    }

    /** Reads {@link #write()}'s text; {@code #} lines are comments. Every error names its line. */
    static LogisticRegression read(String text) {
        String[] labels = null;
        double[] bias = null;
        Map<String, double[]> weights = new HashMap<>();
        int number = 0;
        for (String line : text.split("\n")) {
            number++;
            if (line.isBlank() || line.startsWith("#")) {
                continue;
            }
            String[] cells = line.split("\t", -1);
            if (cells[0].equals("labels")) {
                labels = java.util.Arrays.copyOfRange(cells, 1, cells.length);
            } else if (cells[0].equals("bias") && labels != null && cells.length == labels.length + 1) {
                bias = numbers(cells, 1, number);
            } else if (cells[0].equals("f") && labels != null && cells.length == labels.length + 2) {
                weights.put(cells[1], numbers(cells, 2, number));
            } else {
                throw new IllegalArgumentException("model line " + number + ": expected labels, bias or f with one"
                        + " weight per label");
            }
        }
        if (labels == null || bias == null) {
            throw new IllegalArgumentException("model: no labels or no bias line");
        }
        return new LogisticRegression(labels, bias, weights);
    }

    private static double[] numbers(String[] cells, int from, int line) {
        double[] values = new double[cells.length - from];
        for (int i = from; i < cells.length; i++) {
            try {
                values[i - from] = Double.parseDouble(cells[i]);
            } catch (NumberFormatException e) {
                throw new IllegalArgumentException("model line " + line + ": not a number '" + cells[i] + "'");
            }
        }
        return values;
    }
}
