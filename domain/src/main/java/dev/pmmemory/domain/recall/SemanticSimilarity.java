package dev.pmmemory.domain.recall;

import dev.pmmemory.domain.memory.Memory;
import java.util.OptionalDouble;

/**
 * The cosine of one query's embedding and a memory's, for the hybrid keyword_match
 * ({@link HybridMatch}). Empty for a memory without a vector (e.g. stored before semantic recall
 * was switched on): that memory keeps the plain set similarity.
 */
@FunctionalInterface
public interface SemanticSimilarity {

    /** Keyword recall only: the ranker behaves exactly as without semantic recall. */
    SemanticSimilarity NONE = m -> OptionalDouble.empty();

    OptionalDouble cosine(Memory memory);
}
