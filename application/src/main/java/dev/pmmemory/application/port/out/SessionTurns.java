package dev.pmmemory.application.port.out;

import dev.pmmemory.application.port.in.SessionTurn;
import java.time.Instant;

/**
 * Short-term sessions (rules.md §10): the last turns of a conversation, the whole session expiring
 * at one instant that each write moves. Kept apart from the memory store: turns never become
 * memories by themselves.
 *
 * <p>Times come from the caller, never from the store's own clock, so expiry behaves the same on
 * every store and can be tested with a controlled clock. A store may also drop expired sessions
 * by itself (garbage collection); readers cannot tell the difference.
 *
 * <p>Failures to reach the store are {@link dev.pmmemory.application.SessionsUnavailableException}.
 */
public interface SessionTurns {
    /** The most turns one session keeps; older ones are dropped as new ones arrive. */
    int MAX_TURNS = 200;

    /**
     * Appends a turn and makes the session expire at {@code expiresAt}. A session already expired at
     * {@code turn.createdAt()} is gone: the turn starts a fresh one. Keeps the newest {@link #MAX_TURNS}.
     */
    void append(SessionTurn turn, Instant expiresAt);

    /** The newest {@code last} turns (oldest first) of a session alive at {@code now}; {@link StoredSession#NONE} otherwise. */
    StoredSession lastTurns(String sessionId, int last, Instant now);

    /** Whether the store answers right now (readiness). */
    boolean isAvailable();
}
