package dev.pmmemory.domain.classify;

import dev.pmmemory.domain.memory.MemoryType;

import java.util.List;
import java.util.Optional;

/** Rules first, then fallbacks (e.g. an LLM port): the first classifier with an answer wins. */
public final class ClassifierChain implements Classifier {

    private final List<Classifier> classifiers;

    public ClassifierChain(List<Classifier> classifiers) {
        this.classifiers = List.copyOf(classifiers);
    }

    @Override
    public Optional<MemoryType> classify(String message, List<String> entities) {
        for (Classifier classifier : classifiers) {
            Optional<MemoryType> type = classifier.classify(message, entities);
            if (type.isPresent()) {
                return type;
            }
        }
        return Optional.empty();
    }
}
