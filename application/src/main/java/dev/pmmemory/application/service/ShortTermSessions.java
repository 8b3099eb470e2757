package dev.pmmemory.application.service;

import dev.pmmemory.application.port.in.ReadTurns;
import dev.pmmemory.application.port.in.ReadTurnsQuery;
import dev.pmmemory.application.port.in.RecordTurn;
import dev.pmmemory.application.port.in.RecordTurnCommand;
import dev.pmmemory.application.port.in.RecordedTurn;
import dev.pmmemory.application.port.in.SessionHistory;
import dev.pmmemory.application.port.in.SessionTurn;
import dev.pmmemory.application.port.out.SessionTurns;
import dev.pmmemory.application.port.out.StoredSession;
import dev.pmmemory.domain.privacy.Redaction;
import dev.pmmemory.domain.privacy.Redactor;
import dev.pmmemory.domain.privacy.SecretKind;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.List;
import java.util.Objects;

/**
 * Short-term sessions (rules.md §10): turns are redacted like feedback before they are stored, and
 * each write moves the whole session's expiry to now + TTL. Never touches long-term memory.
 */
public final class ShortTermSessions implements RecordTurn, ReadTurns {
    private final SessionTurns sessions;
    private final Redactor redactor;
    private final Clock clock;
    private final Duration ttl;

    public ShortTermSessions(SessionTurns sessions, Redactor redactor, Clock clock, Duration ttl) {
        this.sessions = Objects.requireNonNull(sessions, "sessions");
        this.redactor = Objects.requireNonNull(redactor, "redactor");
        this.clock = Objects.requireNonNull(clock, "clock");
        if (ttl.compareTo(Duration.ofSeconds(1)) < 0) {
            throw new IllegalArgumentException("a session TTL is at least one second, not " + ttl);
        }
        this.ttl = ttl;
    }

    @Override
    public RecordedTurn record(RecordTurnCommand cmd) {
        Redaction redaction = redactor.redact(cmd.content());
        // stores keep epoch milliseconds: the turn read back equals the turn answered
        Instant now = clock.instant().truncatedTo(ChronoUnit.MILLIS);
        SessionTurn turn = new SessionTurn(cmd.sessionId(), cmd.role(), redaction.text(), cmd.profileId(), now);
        Instant expiresAt = now.plus(ttl);
        sessions.append(turn, expiresAt);
        List<String> kinds = redaction.kinds().stream().map(SecretKind::wireName).toList();
        return new RecordedTurn(turn, expiresAt, kinds);
    }

    @Override
    public SessionHistory read(ReadTurnsQuery query) {
        StoredSession stored = sessions.lastTurns(query.sessionId(), query.last(), clock.instant());
        return new SessionHistory(query.sessionId(), stored.turns(), stored.expiresAt());
    }
}
