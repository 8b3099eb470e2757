package dev.pmmemory.domain.classify;

import java.util.Map;

/**
 * A statistical classifier's belief about a message: each label (a type's wire name, or "none") with its
 * posterior probability, summing to 1. Empty when the model is not ready.
 */
@FunctionalInterface
public interface Beliefs {

    Map<String, Double> of(String message);
}
