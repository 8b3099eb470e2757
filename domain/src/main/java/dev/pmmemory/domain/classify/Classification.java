package dev.pmmemory.domain.classify;

import dev.pmmemory.domain.memory.MemoryType;

import java.util.List;
import java.util.Objects;
import java.util.Optional;

/**
 * What a classifier made of a message: a type, or none. A classifier that recognises questions says
 * so, because "no type: it is a question" and "no type: no signal I know" call for different
 * fallbacks: a question is not feedback, so no later link may give it a type.
 *
 * @param type         the memory type, empty for none
 * @param question     true when the message got no type because it asks something (never with a type)
 * @param confidence   how sure the chain is of the type's sign, in [0, 1] (1 when nothing measured it)
 * @param alternatives the types of the other sign it may be, best first, when the chain is unsure of the
 *                     sign ({@link SignDoubt}): then the memory is held for a person to pick; else empty
 * @param stated       true when the confidence is what the classifier said of itself (an LLM's answer), not one
 *                     the chain measured: such a number is uncalibrated, so it is held to a floor of its own
 */
public record Classification(Optional<MemoryType> type, boolean question, double confidence,
                             List<MemoryType> alternatives, boolean stated) {

    public Classification {
        Objects.requireNonNull(type, "type");
        if (question && type.isPresent()) {
            throw new IllegalArgumentException("a question has no type");
        }
        if (!(confidence >= 0 && confidence <= 1)) {
            throw new IllegalArgumentException("confidence must be in [0, 1], was " + confidence);
        }
        alternatives = List.copyOf(alternatives);
        if (!alternatives.isEmpty() && (type.isEmpty() || alternatives.contains(type.get()))) {
            throw new IllegalArgumentException("alternatives are other types than the one given");
        }
    }

    public Classification(Optional<MemoryType> type, boolean question) {
        this(type, question, 1.0, List.of(), false);
    }

    /** A plain answer: a type, or none without any claim about questions. */
    public static Classification of(Optional<MemoryType> type) {
        return new Classification(type, false);
    }

    /**
     * A type with the confidence the classifier stated for it (an LLM asked to say how sure it is). A missing or
     * unreadable statement is to be given as 0, so that the answer is held, never trusted blindly.
     */
    public static Classification ofStated(MemoryType type, double confidence) {
        return new Classification(Optional.of(type), false, confidence, List.of(), true);
    }

    /** No type, because the message is a question. */
    public static Classification aQuestion() {
        return new Classification(Optional.empty(), true);
    }

    /** Unsure of the sign: to be held for a person to pick among the type and its alternatives. */
    public boolean held() {
        return !alternatives.isEmpty();
    }

    /** The same answer with the chain's confidence and, when unsure, the alternatives. */
    public Classification judged(double confidence, List<MemoryType> alternatives) {
        return new Classification(type, question, confidence, alternatives, stated);
    }
}
