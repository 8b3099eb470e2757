package dev.pmmemory.bootstrap;

import dev.pmmemory.adapters.classifier.ngram.NgramClassifier;
import dev.pmmemory.domain.classify.SecondOpinion;
import io.quarkus.runtime.configuration.ConfigurationException;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;

/**
 * memory.classifier.ngram.* read into the adapter: empty when off; a floor outside (0, 1] or a negative
 * second-opinion margin stops the start.
 */
final class NgramClassification {
    static final String PREFIX = "memory.classifier.ngram.";

    private NgramClassification() {
    }

    /**
     * Trained on a thread of its own (≈ 700 labelled messages: ≈ 100 ms on a JVM that has just started),
     * so the service is ready without waiting for it; the first message that reaches the link waits.
     */
    static Optional<CompletableFuture<NgramClassifier>> link(MemoryConfig.Classifiers.Ngram ngram) {
        if (!ngram.enabled()) {
            return Optional.empty();
        }
        double floor = ngram.minConfidence();
        if (!(floor > 0 && floor <= 1)) {
            throw new ConfigurationException(PREFIX + "min-confidence must be in (0, 1], was " + floor);
        }
        return Optional.of(CompletableFuture.supplyAsync(() -> NgramClassifier.shipped(floor), task -> {
            Thread training = new Thread(task, "pm-memory-ngram-training");
            training.setDaemon(true);
            training.start();
        }));
    }
    /** The link as the rules' second opinion (on unless {@code second-opinion=false}), overruling at its margin. */
    static Optional<SecondOpinion> secondOpinion(MemoryConfig.Classifiers.Ngram ngram,
                                                 CompletableFuture<NgramClassifier> model) {
        if (!ngram.secondOpinion()) {
            return Optional.empty();
        }
        double margin = ngram.overruleMargin();
        if (!(margin >= 0) || Double.isInfinite(margin)) {
            throw new ConfigurationException(PREFIX + "overrule-margin must be a finite number >= 0, was " + margin);
        }
        // a link whose training failed (logged at start) leaves the rules' type alone instead of failing the add
        return Optional.of((message, entities, rules) -> trained(model)
                .flatMap(link -> link.overrule(message, rules, margin)));
    }

    /** The trained link, or empty when its training failed. */
    static Optional<NgramClassifier> trained(CompletableFuture<NgramClassifier> model) {
        try {
            return Optional.of(model.join());
        } catch (java.util.concurrent.CompletionException | java.util.concurrent.CancellationException e) {
            return Optional.empty();
        }
    }
}
