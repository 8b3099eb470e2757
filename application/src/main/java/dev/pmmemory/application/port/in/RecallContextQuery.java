package dev.pmmemory.application.port.in;

import dev.pmmemory.application.Validation;
import dev.pmmemory.application.model.ContextInclude;
import dev.pmmemory.domain.memory.MemoryType;
import java.time.Instant;
import java.util.Set;

/**
 * A valid context request.
 *
 * @param query  free text, possibly empty (null reads as empty)
 * @param asOf   the instant to evaluate at, or null for now
 * @param types  empty = every type
 * @param entity nullable
 * @param include sections to add to the ranked memories; empty = the memories alone
 */
public record RecallContextQuery(String profileId, String query, int limit, Instant asOf, Set<MemoryType> types,
                                 String entity, Set<ContextInclude> include) {

    public static final int DEFAULT_LIMIT = 3;
    public static final int MAX_LIMIT = 50;
    public static final int MAX_QUERY_CODE_POINTS = 1000;
    public static final int MAX_ENTITY_CHARS = 200;

    public RecallContextQuery {
        Validation v = new Validation();
        v.profileId("profile_id", profileId);
        if (query != null && query.codePointCount(0, query.length()) > MAX_QUERY_CODE_POINTS) {
            v.fail("query", "must be at most " + MAX_QUERY_CODE_POINTS + " characters");
        } else if (query != null && !Validation.isWellFormedUnicode(query)) {
            v.fail("query", "must be well-formed Unicode text");
        }
        if (limit < 1 || limit > MAX_LIMIT) {
            v.fail("limit", "must be a whole number from 1 to " + MAX_LIMIT);
        }
        if (entity != null && (entity.isBlank() || entity.length() > MAX_ENTITY_CHARS)) {
            v.fail("entity", "must be 1 to " + MAX_ENTITY_CHARS + " characters");
        }
        v.check();
        query = query == null ? "" : query;
        types = Set.copyOf(types);
        include = Set.copyOf(include);
    }

    /** A request for the ranked memories alone (nothing included). */
    public RecallContextQuery(String profileId, String query, int limit, Instant asOf, Set<MemoryType> types,
                              String entity) {
        this(profileId, query, limit, asOf, types, entity, Set.of());
    }

    public boolean includes(ContextInclude section) {
        return include.contains(section);
    }
}
