package dev.pmmemory.adapters.classifier.ngram;

import dev.pmmemory.domain.classify.Classifier;
import dev.pmmemory.domain.classify.Classification;
import dev.pmmemory.domain.memory.MemoryType;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * The statistical link of the classifier chain: asked about what the rules leave
 * unclassified and did not recognise as a question (the domain's chain stops there), it answers
 * with the model's type when the posterior reaches {@code minConfidence} and it is a type, not
 * "none" or {@code summary}; otherwise "not mine to say". As the rules' second opinion
 * ({@link #overrule}) it replaces their type only where it finds its own answer far likelier.
 * Trained once, at construction.
 */
public final class NgramClassifier implements Classifier {

    /**
     * The shipped posterior floor: the best of the sweep on 5-fold cross-validation of the
     * training data only (NgramLinkEvaluationTest prints the sweep and fails if it stops being
     * the best); bench/eval/README.md has the figures.
     */
    public static final double DEFAULT_MIN_CONFIDENCE = 0.3;

    /**
     * The shipped second-opinion margin: the model overrules the rules' type when it finds its own answer
     * at least e^10 times likelier (naive Bayes odds are far from calibrated, hence the large number);
     * chosen with the floor by the same cross-validation.
     */
    public static final double DEFAULT_OVERRULE_MARGIN = 12;

    /**
     * The longest message (characters) the second opinion is heard on: naive Bayes odds grow with a message's
     * length, so a long one would be overruled on little evidence. Chosen by the same cross-validation.
     */
    public static final int OVERRULE_MAX_LENGTH = 120;

    /**
     * The longest message the second opinion may make no memory of: a PM's long message is never small talk in
     * the labelled data (0 of 74 messages over 80 characters is "none").
     */
    public static final int NONE_MAX_LENGTH = 80;

    private final NaiveBayes model;
    private final double minConfidence;

    private NgramClassifier(NaiveBayes model, double minConfidence) {
        if (!(minConfidence > 0 && minConfidence <= 1)) {
            throw new IllegalArgumentException("min-confidence must be in (0, 1], was " + minConfidence);
        }
        this.model = model;
        this.minConfidence = minConfidence;
    }

    /** Trained on the labelled file shipped in this jar. */
    public static NgramClassifier shipped(double minConfidence) {
        return new NgramClassifier(NaiveBayes.train(TrainingData.shipped()), minConfidence);
    }

    static NgramClassifier trainedOn(List<TrainingData.Example> examples, double minConfidence) {
        return new NgramClassifier(NaiveBayes.train(examples), minConfidence);
    }

    /**
     * The model's answer instead of the rules' type {@code rules} when it finds its own label (a type, or
     * "none": no memory) at least e^{@code margin} times likelier than {@code rules}; empty when the rules'
     * type stands.
     */
    public Optional<Classification> overrule(String message, MemoryType rules, double margin) {
        if (message.length() > OVERRULE_MAX_LENGTH) {
            return Optional.empty();
        }
        return model.likelierThan(message, rules.wireName(), margin)
                .filter(label -> !label.equals(MemoryType.SUMMARY.wireName()))
                .filter(label -> !label.equals("none") || message.length() <= NONE_MAX_LENGTH)
                .map(label -> Classification.of(MemoryType.fromWireName(label)));
    }

    @Override
    public Optional<MemoryType> classify(String message, List<String> entities) {
        NaiveBayes.Prediction guess = model.predict(message);
        if (guess.confidence() < minConfidence) {
            return Optional.empty();
        }
        return MemoryType.fromWireName(guess.label()).filter(type -> type != MemoryType.SUMMARY);
    }

    /**
     * The shipped floor of the chain's confidence in a type's sign (memory.classify.hold-below), under which the
     * memory is held for a person to pick: chosen on 5-fold cross-validation of the development data only
     * (HoldBelowEvaluationTest: the fewest silent sign flips with at most 10 % held, then the fewest held).
     */
    public static final double DEFAULT_HOLD_BELOW = 0.99;

    /** The model's posterior of every label ("none" included) for the message: the chain's {@code Beliefs}. */
    public Map<String, Double> posteriors(String message) {
        return model.posteriors(message);
    }

    /** The model's best label and posterior, whatever the floor (evaluation and logs). */
    NaiveBayes.Prediction predict(String message) {
        return model.predict(message);
    }

    public double minConfidence() {
        return minConfidence;
    }

    /** How many examples and features the model was trained on (for the start-up log). */
    public String describe() {
        return "n-gram naive Bayes, " + model.vocabularySize() + " features, labels " + model.labels()
                + ", trusted at posterior >= " + minConfidence;
    }
}
