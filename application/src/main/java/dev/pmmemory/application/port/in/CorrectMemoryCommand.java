package dev.pmmemory.application.port.in;

import dev.pmmemory.application.Validation;
import dev.pmmemory.domain.memory.MemoryType;
import java.time.Instant;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;

/**
 * A valid correction: at least one of content, type, expires_at. Build it from wire values with
 * {@link #of}, which names every invalid field.
 *
 * @param content the new text (redacted before it is stored), or empty to keep it
 * @param type    the new type, or empty to keep it
 * @param expiry  the new expiry, or null to keep it (or, when the type changes, to restart the new
 *                type's TTL from last_seen_at)
 * @param agent   the agent that used the actor's key, or null when none was named
 */
public record CorrectMemoryCommand(String profileId, String memoryId, Optional<String> content,
                                   Optional<MemoryType> type, Expiry expiry, String actor, String agent) {

    /** The fields a correction may name. */
    public static final Set<String> FIELDS = Set.of("content", "type", "expires_at");

    /** @param expiresAt null: the memory becomes permanent */
    public record Expiry(Instant expiresAt) {
    }

    public CorrectMemoryCommand {
        Validation v = new Validation();
        v.profileId("profile_id", profileId);
        v.memoryId("memory_id", memoryId);
        v.actor(actor);
        v.agent("agent", agent);
        content.ifPresent(c -> checkContent(v, c));
        if (content.isEmpty() && type.isEmpty() && expiry == null) {
            v.fail("body", "must name at least one of content, type, expires_at");
        }
        v.check();
    }

    /** A correction no agent is named for. */
    public CorrectMemoryCommand(String profileId, String memoryId, Optional<String> content,
                                Optional<MemoryType> type, Expiry expiry, String actor) {
        this(profileId, memoryId, content, type, expiry, actor, null);
    }

    /** {@link #of(String, String, Map, String, String)} with no agent named. */
    public static CorrectMemoryCommand of(String profileId, String memoryId, Map<String, ?> fields, String actor) {
        return of(profileId, memoryId, fields, actor, null);
    }

    /**
     * From the fields of a JSON object, as plain Java values (String, Number, Boolean, Map, List or
     * null): an unknown field, a value of the wrong kind, an empty content or an unknown type is named.
     * {@code expires_at: null} makes the memory permanent.
     */
    public static CorrectMemoryCommand of(String profileId, String memoryId, Map<String, ?> fields, String actor,
                                          String agent) {
        Validation v = new Validation();
        v.profileId("profile_id", profileId);
        v.memoryId("memory_id", memoryId);
        if (fields == null) {
            v.fail("body", "must be a JSON object naming at least one of content, type, expires_at");
            v.check();
        }
        for (String unknown : new TreeSet<>(fields.keySet())) {
            if (!FIELDS.contains(unknown)) {
                v.fail(unknown, "is not a field of a correction; allowed: content, type, expires_at");
            }
        }
        Optional<String> content = Optional.empty();
        if (fields.containsKey("content")) {
            if (fields.get("content") instanceof String s) {
                checkContent(v, s);
                content = Optional.of(s);
            } else {
                v.fail("content", "must be a non-blank string");
            }
        }
        Optional<MemoryType> type = Optional.empty();
        if (fields.containsKey("type")) {
            Object t = fields.get("type");
            type = t instanceof String s ? MemoryType.fromWireName(s) : Optional.empty();
            if (type.isEmpty()) {
                v.fail("type", "must be one of " + Validation.memoryTypeNames());
            } else if (!type.get().classifiable()) {
                v.fail("type", "summary is made only by the compact job; a correction cannot give it");
            }
        }
        Expiry expiry = null;
        if (fields.containsKey("expires_at")) {
            Object e = fields.get("expires_at");
            if (e == null) {
                expiry = new Expiry(null);
            } else if (e instanceof String s) {
                Instant at = v.optionalInstant("expires_at", s);
                expiry = at == null ? null : new Expiry(at);
            } else {
                v.fail("expires_at", "must be an ISO-8601 date-time with an offset, or null for no expiry");
            }
        }
        if (fields.isEmpty()) {
            v.fail("body", "must name at least one of content, type, expires_at");
        }
        v.check();
        return new CorrectMemoryCommand(profileId, memoryId, content, type, expiry, actor, agent);
    }

    private static void checkContent(Validation v, String content) {
        v.text("content", content, AddFeedbackCommand.MAX_MESSAGE_CODE_POINTS);
    }
}
