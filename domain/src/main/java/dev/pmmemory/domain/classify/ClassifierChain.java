package dev.pmmemory.domain.classify;

import dev.pmmemory.domain.memory.MemoryType;

import java.util.List;
import java.util.Objects;
import java.util.Optional;

/**
 * Rules first, then fallbacks (an n-gram model, an LLM port): the first classifier with an answer
 * wins. A link that recognised a question ends the chain with no type: a question is not feedback,
 * so no fallback may make a memory of it ("DeepSeek 有新消息吗？" stays unclassified). A type of the
 * first link (the rules) may be overruled by a {@link SecondOpinion}; a later link's may not.
 */
public final class ClassifierChain implements Classifier {

    private final List<Classifier> classifiers;
    private final Optional<SecondOpinion> secondOpinion;

    public ClassifierChain(List<Classifier> classifiers) {
        this(classifiers, Optional.empty());
    }

    public ClassifierChain(List<Classifier> classifiers, Optional<SecondOpinion> secondOpinion) {
        this.classifiers = List.copyOf(classifiers);
        this.secondOpinion = Objects.requireNonNull(secondOpinion, "secondOpinion");
    }

    @Override
    public Optional<MemoryType> classify(String message, List<String> entities) {
        return classification(message, entities).type();
    }

    @Override
    public Classification classification(String message, List<String> entities) {
        for (int i = 0; i < classifiers.size(); i++) {
            Classification answer = classifiers.get(i).classification(message, entities);
            if (i == 0 && answer.type().isPresent() && secondOpinion.isPresent()) {
                return secondOpinion.get().overrule(message, entities, answer.type().get()).orElse(answer);
            }
            if (answer.type().isPresent() || answer.question()) {
                return answer;
            }
        }
        return Classification.of(Optional.empty());
    }
}
