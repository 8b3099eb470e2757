package dev.pmmemory.application.port.in;

import dev.pmmemory.application.Validation;
import java.nio.charset.StandardCharsets;
import java.util.Base64;
import java.util.Optional;

/**
 * A valid audit page request.
 *
 * @param memoryId     null for every event of the profile
 * @param afterEventId the last event of the previous page (decoded from the cursor), or null
 */
public record AuditQuery(String profileId, String memoryId, int limit, String afterEventId) {
    public static final int DEFAULT_LIMIT = 50;
    public static final int MAX_LIMIT = 200;
    private static final String CURSOR_PREFIX = "audit:";

    public AuditQuery {
        Validation v = new Validation();
        v.ownerId("profile_id", profileId); // a team's trail is read under its owner id
        if (memoryId != null) {
            v.memoryId("memory_id", memoryId);
        }
        if (limit < 1 || limit > MAX_LIMIT) {
            v.fail("limit", "must be a whole number from 1 to " + MAX_LIMIT);
        }
        v.check();
    }

    /** Opaque to callers: the id of the last event returned, base64url-encoded. */
    public static String cursorAfter(String eventId) {
        return Base64.getUrlEncoder().withoutPadding()
                .encodeToString((CURSOR_PREFIX + eventId).getBytes(StandardCharsets.UTF_8));
    }

    /** The event {@code cursor} continues after; empty for a cursor this service did not return. */
    public static Optional<String> eventAfter(String cursor) {
        return Optional.ofNullable(eventIdOf(cursor));
    }

    private static String eventIdOf(String cursor) {
        try {
            String raw = new String(Base64.getUrlDecoder().decode(cursor), StandardCharsets.UTF_8);
            return raw.startsWith(CURSOR_PREFIX) && raw.length() > CURSOR_PREFIX.length()
                    ? raw.substring(CURSOR_PREFIX.length()) : null;
        } catch (IllegalArgumentException e) {
            return null;
        }
    }
}
