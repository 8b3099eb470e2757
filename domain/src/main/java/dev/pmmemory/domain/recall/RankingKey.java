package dev.pmmemory.domain.recall;

import dev.pmmemory.domain.memory.MemoryType;
import dev.pmmemory.domain.memory.RecallUse;
import java.time.Instant;
import java.util.Objects;

/**
 * What the score of a memory read without its text depends on, besides how it matches the query:
 * its type (priority), weight and last sighting (recency), its use (with the use factor on) and its id,
 * the last tie-break.
 */
public record RankingKey(String id, MemoryType type, int weight, Instant lastSeenAt, RecallUse use) {
    public RankingKey {
        Objects.requireNonNull(use, "use");
    }

    /** A key read without its use: never recalled, as far as the score knows. */
    public RankingKey(String id, MemoryType type, int weight, Instant lastSeenAt) {
        this(id, type, weight, lastSeenAt, RecallUse.NEVER);
    }

    public RankingKey withUse(RecallUse use) {
        return new RankingKey(id, type, weight, lastSeenAt, use);
    }
}
