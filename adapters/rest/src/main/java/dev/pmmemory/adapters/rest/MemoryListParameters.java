package dev.pmmemory.adapters.rest;

import dev.pmmemory.application.TeamOwner;
import dev.pmmemory.application.Validation;
import dev.pmmemory.application.port.in.ListMemoriesQuery;
import dev.pmmemory.application.port.in.PagePosition;
import dev.pmmemory.domain.memory.MemoryStatus;
import dev.pmmemory.domain.memory.MemoryType;
import java.time.Instant;
import java.util.Arrays;
import java.util.stream.Collectors;

/**
 * The query parameters of a memory list as they arrive (any may be null). They stay text up to here, as the
 * context's do, so that every bad parameter is named at once in one 400.
 */
record MemoryListParameters(String status, String type, String entity, String limit, String cursor, String asOf) {

    private static final String STATUSES = Arrays.stream(MemoryStatus.values()).map(MemoryStatus::wireName)
            .collect(Collectors.joining(", "));

    /** The list of a profile's memories. */
    ListMemoriesQuery forProfile(String profileId) {
        Validation v = new Validation();
        v.profileId("profile_id", profileId);
        return read(v, profileId);
    }

    /** The list of a team's memories, read under the team's owner id ({@code teamId} is already checked). */
    ListMemoriesQuery forTeam(String teamId) {
        return read(new Validation(), TeamOwner.of(teamId));
    }

    private ListMemoriesQuery read(Validation v, String ownerId) {
        MemoryStatus st = v.optionalEnum("status", blankToNull(status), MemoryStatus::fromWireName, STATUSES);
        MemoryType ty = v.optionalEnum("type", blankToNull(type), MemoryType::fromWireName,
                Validation.memoryTypeNames());
        int k = v.intInRange("limit", limit, ListMemoriesQuery.DEFAULT_LIMIT, 1, ListMemoriesQuery.MAX_LIMIT);
        PagePosition after = QueryParameters.pagePosition(v, cursor);
        if (entity != null && (entity.isBlank() || entity.length() > ListMemoriesQuery.MAX_ENTITY_CHARS)) {
            v.fail("entity", "must be 1 to " + ListMemoriesQuery.MAX_ENTITY_CHARS + " characters");
        }
        Instant at = v.optionalInstant("as_of", asOf);
        v.check();
        return new ListMemoriesQuery(ownerId, st, ty, entity, k, after, at);
    }

    private static String blankToNull(String s) {
        return s == null || s.isBlank() ? null : s;
    }
}
