package dev.pmmemory.application.port.in;

import java.time.Instant;
import java.util.Objects;

/**
 * One state change, never rewritten. {@code detail} is short machine-readable text
 * ("weight=3", "entities=anthropic by=…") and never carries message content.
 *
 * @param memoryId     null for events about a raw message only
 * @param rawMessageId null for changes not caused by a message
 * @param actor        who made the change: an API key's name, {@code local} (a caller without keys) or
 *                     {@link #SYSTEM} (the write path acting on a message; also every event stored before
 *                     actors were recorded)
 * @param before       the changed fields before the change, as a small JSON object, or null
 * @param after        the changed fields after the change, as a small JSON object, or null
 */
public record AuditEvent(String id, String profileId, String memoryId, String rawMessageId, AuditKind kind,
                         String detail, Instant at, String actor, String before, String after) {
    public static final String SYSTEM = "system";

    public AuditEvent {
        Objects.requireNonNull(id, "id");
        Objects.requireNonNull(profileId, "profileId");
        Objects.requireNonNull(kind, "kind");
        Objects.requireNonNull(detail, "detail");
        Objects.requireNonNull(at, "at");
        Objects.requireNonNull(actor, "actor");
    }

    /** An event of the write path: actor {@link #SYSTEM}, no before/after. */
    public AuditEvent(String id, String profileId, String memoryId, String rawMessageId, AuditKind kind,
                      String detail, Instant at) {
        this(id, profileId, memoryId, rawMessageId, kind, detail, at, SYSTEM, null, null);
    }
}
