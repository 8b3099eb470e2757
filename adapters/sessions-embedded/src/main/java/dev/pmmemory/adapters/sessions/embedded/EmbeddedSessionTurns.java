package dev.pmmemory.adapters.sessions.embedded;

import dev.pmmemory.application.port.in.SessionTurn;
import dev.pmmemory.application.port.out.SessionTurns;
import dev.pmmemory.application.port.out.StoredSession;
import java.time.Instant;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * Sessions in this process's heap (memory.sessions.store=embedded): nothing to run beside the
 * service, but lost on restart and not shared between instances. Expired sessions are dropped on
 * read and, every {@value #SWEEP_EVERY} writes, all at once, so abandoned sessions do not pile up.
 */
public final class EmbeddedSessionTurns implements SessionTurns {
    static final int SWEEP_EVERY = 1024;

    private final ConcurrentHashMap<String, Session> sessions = new ConcurrentHashMap<>();
    private final AtomicInteger writes = new AtomicInteger();

    /** One session's turns, newest last, and the instant it expires. Guarded by the map's per-key locking. */
    private record Session(ArrayDeque<SessionTurn> turns, Instant expiresAt) {
        boolean aliveAt(Instant now) {
            return now.isBefore(expiresAt);
        }
    }

    @Override
    public void append(SessionTurn turn, Instant expiresAt) {
        sessions.compute(turn.sessionId(), (sid, existing) -> {
            ArrayDeque<SessionTurn> turns = existing != null && existing.aliveAt(turn.createdAt())
                    ? existing.turns() : new ArrayDeque<>();
            turns.addLast(turn);
            while (turns.size() > MAX_TURNS) {
                turns.removeFirst();
            }
            return new Session(turns, expiresAt);
        });
        if (writes.incrementAndGet() % SWEEP_EVERY == 0) {
            sweep(turn.createdAt());
        }
    }

    @Override
    public StoredSession lastTurns(String sessionId, int last, Instant now) {
        List<SessionTurn> copy = new ArrayList<>();
        Instant[] expiry = new Instant[1];
        // computeIfPresent: read under the same per-key lock as append, and drop the session if expired
        sessions.computeIfPresent(sessionId, (sid, s) -> {
            if (!s.aliveAt(now)) {
                return null;
            }
            s.turns().stream().skip(Math.max(0, s.turns().size() - last)).forEach(copy::add);
            expiry[0] = s.expiresAt();
            return s;
        });
        return expiry[0] == null ? StoredSession.NONE : new StoredSession(copy, Optional.of(expiry[0]));
    }

    @Override
    public boolean isAvailable() {
        return true;
    }

    /** How many sessions are held, expired ones not yet swept included (tests). */
    int size() {
        return sessions.size();
    }

    private void sweep(Instant now) {
        sessions.entrySet().removeIf(e -> !e.getValue().aliveAt(now));
    }
}
