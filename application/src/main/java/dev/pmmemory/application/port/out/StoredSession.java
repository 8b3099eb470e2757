package dev.pmmemory.application.port.out;

import dev.pmmemory.application.port.in.SessionTurn;
import java.time.Instant;
import java.util.List;
import java.util.Optional;

/**
 * What a session store holds of one session at a given time.
 *
 * @param turns     oldest first; empty for an unknown or expired session
 * @param expiresAt empty for an unknown or expired session
 */
public record StoredSession(List<SessionTurn> turns, Optional<Instant> expiresAt) {
    public static final StoredSession NONE = new StoredSession(List.of(), Optional.empty());

    public StoredSession {
        turns = List.copyOf(turns);
    }
}
