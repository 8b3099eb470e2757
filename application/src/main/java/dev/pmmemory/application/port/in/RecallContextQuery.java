package dev.pmmemory.application.port.in;

import dev.pmmemory.application.Validation;
import dev.pmmemory.domain.memory.MemoryType;
import java.time.Instant;
import java.util.Arrays;
import java.util.LinkedHashSet;
import java.util.Set;

/**
 * A valid context request.
 *
 * @param query  free text, possibly empty
 * @param asOf   the instant to evaluate at, or null for now
 * @param types  empty = every type
 * @param entity nullable
 */
public record RecallContextQuery(String profileId, String query, int limit, Instant asOf, Set<MemoryType> types,
                                 String entity) {

    public static final int DEFAULT_LIMIT = 3;
    public static final int MAX_LIMIT = 50;
    public static final int MAX_QUERY_CODE_POINTS = 1000;

    public RecallContextQuery {
        Validation v = new Validation();
        v.profileId("profile_id", profileId);
        if (limit < 1 || limit > MAX_LIMIT) {
            v.fail("limit", "must be a whole number from 1 to " + MAX_LIMIT);
        }
        v.check();
        query = query == null ? "" : query;
        types = Set.copyOf(types);
    }

    /** From raw wire values (any may be null); every invalid field is reported at once. */
    public static RecallContextQuery of(String profileId, String query, String limit, String asOf, String types,
                                        String entity) {
        Validation v = new Validation();
        v.profileId("profile_id", profileId);
        if (query != null && query.codePointCount(0, query.length()) > MAX_QUERY_CODE_POINTS) {
            v.fail("query", "must be at most " + MAX_QUERY_CODE_POINTS + " characters");
        } else if (query != null && !Validation.isWellFormedUnicode(query)) {
            v.fail("query", "must be well-formed Unicode text");
        }
        int k = v.intInRange("limit", limit, DEFAULT_LIMIT, 1, MAX_LIMIT);
        Instant at = v.optionalInstant("as_of", asOf);
        Set<MemoryType> typeSet = new LinkedHashSet<>();
        if (types != null && !types.isBlank()) {
            for (String t : Arrays.stream(types.split(",")).map(String::strip).filter(s -> !s.isEmpty()).toList()) {
                MemoryType.fromWireName(t).ifPresentOrElse(typeSet::add,
                        () -> v.fail("types", "unknown type '" + t + "'; allowed: " + allTypes()));
            }
        }
        if (entity != null && (entity.isBlank() || entity.length() > 200)) {
            v.fail("entity", "must be 1 to 200 characters");
        }
        v.check();
        return new RecallContextQuery(profileId, query, k, at, typeSet, entity);
    }

    static String allTypes() {
        return String.join(", ", Arrays.stream(MemoryType.values()).map(MemoryType::wireName).toList());
    }
}
