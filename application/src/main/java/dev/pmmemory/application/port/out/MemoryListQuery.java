package dev.pmmemory.application.port.out;

import dev.pmmemory.application.port.in.PagePosition;
import dev.pmmemory.domain.memory.MemoryStatus;
import dev.pmmemory.domain.memory.MemoryType;
import java.time.Instant;
import java.util.Objects;

/**
 * A page request over one profile's memories.
 *
 * @param status  stored status, or null for any; {@code now} turns "active" into "active and
 *                not yet expired", and "expired" into "expired, or active past its expiry"
 * @param type    or null
 * @param entityKey a normalised entity, or null
 * @param after   the position to continue after, or null for the first page
 */
public record MemoryListQuery(String profileId, MemoryStatus status, MemoryType type, String entityKey,
                              PagePosition after, int limit, Instant now) {
    public MemoryListQuery {
        Objects.requireNonNull(profileId, "profileId");
        Objects.requireNonNull(now, "now");
        if (limit < 1) {
            throw new IllegalArgumentException("limit must be >= 1");
        }
    }
}
