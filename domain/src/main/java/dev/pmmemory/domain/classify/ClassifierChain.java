package dev.pmmemory.domain.classify;

import dev.pmmemory.domain.memory.MemoryType;

import java.util.List;
import java.util.Optional;

/**
 * Rules first, then fallbacks (an n-gram model, an LLM port): the first classifier with an answer
 * wins. A link that recognised a question ends the chain with no type: a question is not feedback,
 * so no fallback may make a memory of it ("DeepSeek 有新消息吗？" stays unclassified).
 */
public final class ClassifierChain implements Classifier {

    private final List<Classifier> classifiers;

    public ClassifierChain(List<Classifier> classifiers) {
        this.classifiers = List.copyOf(classifiers);
    }

    @Override
    public Optional<MemoryType> classify(String message, List<String> entities) {
        return classification(message, entities).type();
    }

    @Override
    public Classification classification(String message, List<String> entities) {
        for (Classifier classifier : classifiers) {
            Classification answer = classifier.classification(message, entities);
            if (answer.type().isPresent() || answer.question()) {
                return answer;
            }
        }
        return Classification.of(Optional.empty());
    }
}
