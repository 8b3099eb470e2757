package dev.pmmemory.application.port.in;

import java.time.Instant;
import java.util.List;
import java.util.Optional;

/**
 * @param turns     oldest first; empty when the session is unknown or expired
 * @param expiresAt empty when the session is unknown or expired
 */
public record SessionHistory(String sessionId, List<SessionTurn> turns, Optional<Instant> expiresAt) {
    public SessionHistory {
        turns = List.copyOf(turns);
    }
}
