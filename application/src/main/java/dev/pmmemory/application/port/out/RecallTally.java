package dev.pmmemory.application.port.out;

import java.time.Instant;
import java.util.Objects;

/**
 * Recalls of one memory counted since the last flush.
 *
 * @param times  how many present recalls returned it (at least 1)
 * @param lastAt the latest of them
 */
public record RecallTally(String profileId, String memoryId, long times, Instant lastAt) {
    public RecallTally {
        Objects.requireNonNull(profileId, "profileId");
        Objects.requireNonNull(memoryId, "memoryId");
        Objects.requireNonNull(lastAt, "lastAt");
        if (times < 1) {
            throw new IllegalArgumentException("a tally counts at least one recall");
        }
    }
}
