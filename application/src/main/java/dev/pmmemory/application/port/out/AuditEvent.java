package dev.pmmemory.application.port.out;

import java.time.Instant;
import java.util.Objects;

/**
 * One state change, never rewritten. {@code detail} is short machine-readable text
 * ("weight=3", "entities=anthropic by=…") and never carries message content.
 *
 * @param memoryId     null for events about a raw message only
 * @param rawMessageId null for changes not caused by a message
 */
public record AuditEvent(String id, String profileId, String memoryId, String rawMessageId, AuditKind kind,
                         String detail, Instant at) {
    public AuditEvent {
        Objects.requireNonNull(id, "id");
        Objects.requireNonNull(profileId, "profileId");
        Objects.requireNonNull(kind, "kind");
        Objects.requireNonNull(detail, "detail");
        Objects.requireNonNull(at, "at");
    }
}
