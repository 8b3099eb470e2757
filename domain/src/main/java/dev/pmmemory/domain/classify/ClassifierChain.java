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
    private final Optional<SignDoubt> doubt;

    public ClassifierChain(List<Classifier> classifiers) {
        this(classifiers, Optional.empty());
    }

    public ClassifierChain(List<Classifier> classifiers, Optional<SecondOpinion> secondOpinion) {
        this(classifiers, secondOpinion, Optional.empty());
    }

    /** @param doubt when present, every typed answer gets a confidence, and an unsure sign is held (SignDoubt) */
    public ClassifierChain(List<Classifier> classifiers, Optional<SecondOpinion> secondOpinion,
                           Optional<SignDoubt> doubt) {
        this.classifiers = List.copyOf(classifiers);
        this.secondOpinion = Objects.requireNonNull(secondOpinion, "secondOpinion");
        this.doubt = Objects.requireNonNull(doubt, "doubt");
    }

    @Override
    public Optional<MemoryType> classify(String message, List<String> entities) {
        return classification(message, entities).type();
    }

    @Override
    public Classification classification(String message, List<String> entities) {
        Optional<MemoryType> rules = Optional.empty();
        for (int i = 0; i < classifiers.size(); i++) {
            Classification answer = classifiers.get(i).classification(message, entities);
            if (i == 0) {
                rules = answer.type();
            }
            if (i == 0 && answer.type().isPresent() && secondOpinion.isPresent()) {
                return judged(message, secondOpinion.get().overrule(message, entities, answer.type().get())
                        .orElse(answer), rules);
            }
            if (answer.type().isPresent() || answer.question()) {
                return judged(message, answer, rules);
            }
        }
        return Classification.of(Optional.empty());
    }

    private Classification judged(String message, Classification answer, Optional<MemoryType> rules) {
        return doubt.map(d -> d.judge(message, answer, rules)).orElse(answer);
    }
}
