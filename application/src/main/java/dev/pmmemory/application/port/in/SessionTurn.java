package dev.pmmemory.application.port.in;

import dev.pmmemory.application.model.TurnRole;

import java.time.Instant;
import java.util.Objects;

/**
 * One turn of a short-term session (rules.md §10), as stored: the content is already redacted.
 *
 * @param profileId nullable: a session need not belong to a profile
 * @param createdAt when the service received it, to the millisecond
 */
public record SessionTurn(String sessionId, TurnRole role, String content, String profileId, Instant createdAt) {
    public SessionTurn {
        Objects.requireNonNull(sessionId, "sessionId");
        Objects.requireNonNull(role, "role");
        Objects.requireNonNull(content, "content");
        Objects.requireNonNull(createdAt, "createdAt");
    }
}
