package dev.pmmemory.domain.classify;

import dev.pmmemory.domain.memory.MemoryType;

import java.util.List;
import java.util.Optional;

/** Decides which memory type a feedback message is; empty means "not mine to say". */
public interface Classifier {

    /**
     * @param message  the (redacted) feedback text
     * @param entities entities already extracted from the message; some rules depend on them
     */
    Optional<MemoryType> classify(String message, List<String> entities);

    /**
     * The same answer, telling a recognised question apart from "no signal" (see
     * {@link Classification}); classifiers that do not recognise questions need not override it.
     */
    default Classification classification(String message, List<String> entities) {
        return Classification.of(classify(message, entities));
    }
}
