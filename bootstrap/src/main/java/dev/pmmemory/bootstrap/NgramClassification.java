package dev.pmmemory.bootstrap;

import dev.pmmemory.adapters.classifier.ngram.NgramClassifier;
import io.quarkus.runtime.configuration.ConfigurationException;
import java.util.Optional;

/** memory.classifier.ngram.* read into the adapter: empty when off; a floor outside (0, 1] stops the start. */
final class NgramClassification {
    static final String PREFIX = "memory.classifier.ngram.";

    private NgramClassification() {
    }

    /** Trained here, at start: ≈ 700 labelled messages, a few milliseconds. */
    static Optional<NgramClassifier> link(MemoryConfig.Classifiers.Ngram ngram) {
        if (!ngram.enabled()) {
            return Optional.empty();
        }
        double floor = ngram.minConfidence();
        if (!(floor > 0 && floor <= 1)) {
            throw new ConfigurationException(PREFIX + "min-confidence must be in (0, 1], was " + floor);
        }
        return Optional.of(NgramClassifier.shipped(floor));
    }
}
