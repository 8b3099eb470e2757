package dev.pmmemory.domain.classify;

import dev.pmmemory.domain.memory.MemoryType;

import java.util.Objects;
import java.util.Optional;

/**
 * What a classifier made of a message: a type, or none. A classifier that recognises questions says
 * so, because "no type: it is a question" and "no type: no signal I know" call for different
 * fallbacks: a question is not feedback, so no later link may give it a type.
 *
 * @param type     the memory type, empty for none
 * @param question true when the message got no type because it asks something (never with a type)
 */
public record Classification(Optional<MemoryType> type, boolean question) {

    public Classification {
        Objects.requireNonNull(type, "type");
        if (question && type.isPresent()) {
            throw new IllegalArgumentException("a question has no type");
        }
    }

    /** A plain answer: a type, or none without any claim about questions. */
    public static Classification of(Optional<MemoryType> type) {
        return new Classification(type, false);
    }

    /** No type, because the message is a question. */
    public static Classification aQuestion() {
        return new Classification(Optional.empty(), true);
    }
}
