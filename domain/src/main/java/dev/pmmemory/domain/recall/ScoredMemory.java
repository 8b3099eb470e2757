package dev.pmmemory.domain.recall;

import dev.pmmemory.domain.memory.Memory;

/**
 * A recalled memory with its score and the factors it came from.
 *
 * @param matched whether it matches the query (keyword_match before the preference floor is above
 *                0): with {@link RankingMode#RELEVANCE}, matched memories rank above the others
 */
public record ScoredMemory(Memory memory, double score, ScoreFactors factors, boolean matched) {
}
