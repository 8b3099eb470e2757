package dev.pmmemory.application.port.in;

import dev.pmmemory.application.Validation;
import dev.pmmemory.domain.memory.MemoryStatus;
import dev.pmmemory.domain.memory.MemoryType;
import java.time.Instant;

/**
 * A valid list request; nullable filters mean "any".
 *
 * @param asOf the instant to read the memories at (each as it was then, the status filter too), or null for now
 */
public record ListMemoriesQuery(String profileId, MemoryStatus status, MemoryType type, String entity, int limit,
                                PagePosition after, Instant asOf) {

    public static final int DEFAULT_LIMIT = 20;
    public static final int MAX_LIMIT = 200;
    public static final int MAX_ENTITY_CHARS = 200;

    public ListMemoriesQuery {
        Validation v = new Validation();
        v.ownerId("profile_id", profileId);
        if (limit < 1 || limit > MAX_LIMIT) {
            v.fail("limit", "must be a whole number from 1 to " + MAX_LIMIT);
        }
        if (entity != null && (entity.isBlank() || entity.length() > MAX_ENTITY_CHARS)) {
            v.fail("entity", "must be 1 to " + MAX_ENTITY_CHARS + " characters");
        }
        v.check();
    }

    public ListMemoriesQuery(String profileId, MemoryStatus status, MemoryType type, String entity, int limit,
                             PagePosition after) {
        this(profileId, status, type, entity, limit, after, null);
    }
}
