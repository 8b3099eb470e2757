package dev.pmmemory.application.port.in;

import dev.pmmemory.application.Validation;
import dev.pmmemory.domain.memory.MemoryStatus;
import dev.pmmemory.domain.memory.MemoryType;
import java.time.Instant;
import java.util.Arrays;

/**
 * A valid list request; nullable filters mean "any".
 *
 * @param asOf the instant to read the memories at (each as it was then, the status filter too), or null for now
 */
public record ListMemoriesQuery(String profileId, MemoryStatus status, MemoryType type, String entity, int limit,
                                PagePosition after, Instant asOf) {

    public static final int DEFAULT_LIMIT = 20;
    public static final int MAX_LIMIT = 200;

    public ListMemoriesQuery {
        Validation v = new Validation();
        v.ownerId("profile_id", profileId);
        if (limit < 1 || limit > MAX_LIMIT) {
            v.fail("limit", "must be a whole number from 1 to " + MAX_LIMIT);
        }
        v.check();
    }

    public ListMemoriesQuery(String profileId, MemoryStatus status, MemoryType type, String entity, int limit,
                             PagePosition after) {
        this(profileId, status, type, entity, limit, after, null);
    }

    public static ListMemoriesQuery of(String profileId, String status, String type, String entity, String limit,
                                       String cursor) {
        return of(profileId, status, type, entity, limit, cursor, null);
    }

    public static ListMemoriesQuery of(String profileId, String status, String type, String entity, String limit,
                                       String cursor, String asOf) {
        Validation v = new Validation();
        v.profileId("profile_id", profileId);
        MemoryStatus st = v.optionalEnum("status", blankToNull(status), MemoryStatus::fromWireName,
                String.join(", ", Arrays.stream(MemoryStatus.values()).map(MemoryStatus::wireName).toList()));
        MemoryType ty = v.optionalEnum("type", blankToNull(type), MemoryType::fromWireName,
                Validation.memoryTypeNames());
        int k = v.intInRange("limit", limit, DEFAULT_LIMIT, 1, MAX_LIMIT);
        PagePosition after = null;
        if (cursor != null && !cursor.isEmpty()) {
            after = PagePosition.fromCursor(cursor).orElse(null);
            if (after == null) {
                v.fail("cursor", "is not a cursor this service returned");
            }
        }
        if (entity != null && (entity.isBlank() || entity.length() > 200)) {
            v.fail("entity", "must be 1 to 200 characters");
        }
        Instant at = v.optionalInstant("as_of", asOf);
        v.check();
        return new ListMemoriesQuery(profileId, st, ty, entity, k, after, at);
    }

    private static String blankToNull(String s) {
        return s == null || s.isBlank() ? null : s;
    }
}
