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
 * @param include sections to add to the ranked memories; empty = the memories alone
 */
public record RecallContextQuery(String profileId, String query, int limit, Instant asOf, Set<MemoryType> types,
                                 String entity, Set<ContextInclude> include) {

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

    /** From raw wire values (any may be null); every invalid field is reported at once. */
    public static RecallContextQuery of(String profileId, String query, String limit, String asOf, String types,
                                        String entity, String include) {
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
        Set<ContextInclude> sections = new LinkedHashSet<>();
        if (include != null) {
            // a comma-separated list, blanks skipped as in types; an unknown value is an error, never ignored
            for (String name : Arrays.stream(include.split(",")).map(String::strip).filter(n -> !n.isEmpty())
                    .toList()) {
                ContextInclude.fromWireName(name).ifPresentOrElse(sections::add,
                        () -> v.fail("include", "unknown value '" + name + "'; allowed: " + ContextInclude.allowed()));
            }
        }
        v.check();
        return new RecallContextQuery(profileId, query, k, at, typeSet, entity, sections);
    }

    static String allTypes() {
        return String.join(", ", Arrays.stream(MemoryType.values()).map(MemoryType::wireName).toList());
    }
}
