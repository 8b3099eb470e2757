package dev.pmmemory.domain.recall;

import dev.pmmemory.domain.memory.Memory;

/** A recalled memory with its score and the factors it came from. */
public record ScoredMemory(Memory memory, double score, ScoreFactors factors) {
}
