package dev.pmmemory.adapters.rest;

import dev.pmmemory.application.Validation;
import dev.pmmemory.application.model.FeedbackOutcome;
import dev.pmmemory.application.port.in.AuditQuery;
import dev.pmmemory.application.port.in.FactsQuery;
import dev.pmmemory.application.port.in.GetMemoryQuery;
import dev.pmmemory.application.port.in.ListExperiencesQuery;
import dev.pmmemory.application.port.in.MessagesQuery;
import dev.pmmemory.application.port.in.PagePosition;
import dev.pmmemory.application.port.in.ReadTurnsQuery;
import dev.pmmemory.application.port.in.RegistryAuditQuery;
import java.time.Instant;
import java.util.Arrays;
import java.util.Optional;
import java.util.function.Function;
import java.util.stream.Collectors;

/**
 * The query parameters of the read endpoints, read from their text (any may be null). They stay text up to
 * here, as the context's do: a typed JAX-RS parameter that does not convert is answered 404 without its
 * name, where a caller needs a 400 naming every bad parameter at once.
 */
final class QueryParameters {

    /** replayed is an answer, never a stored outcome: it is no filter. */
    private static final String STORED_OUTCOMES = Arrays.stream(FeedbackOutcome.values())
            .filter(o -> o != FeedbackOutcome.REPLAYED).map(FeedbackOutcome::wireName)
            .collect(Collectors.joining(", "));

    private QueryParameters() {
    }

    static MessagesQuery messages(String profileId, String outcome, String limit, String cursor) {
        Validation v = new Validation();
        v.profileId("profile_id", profileId);
        FeedbackOutcome o = v.optionalEnum("outcome", outcome == null || outcome.isBlank() ? null : outcome,
                QueryParameters::storedOutcome, STORED_OUTCOMES);
        int k = v.intInRange("limit", limit, MessagesQuery.DEFAULT_LIMIT, 1, MessagesQuery.MAX_LIMIT);
        PagePosition after = pagePosition(v, cursor);
        v.check();
        return new MessagesQuery(profileId, o, k, after);
    }

    static GetMemoryQuery memory(String profileId, String memoryId, String asOf) {
        Validation v = new Validation();
        v.profileId("profile_id", profileId);
        Instant at = v.optionalInstant("as_of", asOf);
        v.check();
        return new GetMemoryQuery(profileId, memoryId, at);
    }

    static AuditQuery audit(String profileId, String memoryId, String limit, String cursor) {
        Validation v = new Validation();
        v.profileId("profile_id", profileId);
        String memory = memoryId == null || memoryId.isEmpty() ? null : v.memoryId("memory_id", memoryId);
        int k = v.intInRange("limit", limit, AuditQuery.DEFAULT_LIMIT, 1, AuditQuery.MAX_LIMIT);
        String after = auditCursor(v, cursor);
        v.check();
        return new AuditQuery(profileId, memory, k, after);
    }

    /** @param entityName any name of one entity, or null for every change of the registry */
    static RegistryAuditQuery registryAudit(String entityName, String limit, String cursor) {
        Validation v = new Validation();
        int k = v.intInRange("limit", limit, AuditQuery.DEFAULT_LIMIT, 1, AuditQuery.MAX_LIMIT);
        String after = auditCursor(v, cursor);
        v.check();
        return new RegistryAuditQuery(entityName, k, after);
    }

    static ListExperiencesQuery experiences(String profileId, String limit) {
        Validation v = new Validation();
        v.profileId("profile_id", profileId);
        int n = v.intInRange("limit", limit, ListExperiencesQuery.DEFAULT_LIMIT, 1, ListExperiencesQuery.MAX_LIMIT);
        v.check();
        return new ListExperiencesQuery(profileId, n);
    }

    static ReadTurnsQuery turns(String sessionId, String last) {
        Validation v = new Validation();
        v.profileId("session_id", sessionId);
        int n = v.intInRange("last", last, ReadTurnsQuery.DEFAULT_LAST, 1, ReadTurnsQuery.MAX_LAST);
        v.check();
        return new ReadTurnsQuery(sessionId, n);
    }

    /** @param attribute null for every attribute */
    static FactsQuery facts(String profileId, String attribute, String asOf) {
        Validation v = new Validation();
        v.profileId("profile_id", profileId);
        if (attribute != null) {
            v.attribute("attribute", attribute);
        }
        Instant at = v.optionalInstant("as_of", asOf);
        v.check();
        return new FactsQuery(profileId, attribute, at);
    }

    /** The page position a cursor names; null without one, a field error for one this service did not return. */
    static PagePosition pagePosition(Validation v, String cursor) {
        return cursor(v, cursor, PagePosition::fromCursor);
    }

    private static String auditCursor(Validation v, String cursor) {
        return cursor(v, cursor, AuditQuery::eventAfter);
    }

    private static <T> T cursor(Validation v, String cursor, Function<String, Optional<T>> decode) {
        if (cursor == null || cursor.isEmpty()) {
            return null;
        }
        Optional<T> after = decode.apply(cursor);
        if (after.isEmpty()) {
            v.fail("cursor", "is not a cursor this service returned");
        }
        return after.orElse(null);
    }

    private static Optional<FeedbackOutcome> storedOutcome(String name) {
        return Arrays.stream(FeedbackOutcome.values())
                .filter(o -> o != FeedbackOutcome.REPLAYED && o.wireName().equals(name)).findFirst();
    }
}
