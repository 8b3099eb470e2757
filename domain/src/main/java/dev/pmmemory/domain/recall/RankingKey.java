package dev.pmmemory.domain.recall;

import dev.pmmemory.domain.memory.MemoryType;
import java.time.Instant;

/**
 * What the score of a memory read without its text depends on, besides how it matches the query:
 * its type (priority), weight and last sighting (recency), and its id, the last tie-break.
 */
public record RankingKey(String id, MemoryType type, int weight, Instant lastSeenAt) {
}
