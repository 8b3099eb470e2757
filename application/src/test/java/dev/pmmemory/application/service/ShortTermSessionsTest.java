package dev.pmmemory.application.service;

import dev.pmmemory.application.testing.TestCommands;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.pmmemory.application.InvalidInputException;
import dev.pmmemory.application.InvalidInputException.FieldError;
import dev.pmmemory.application.port.in.ReadTurnsQuery;
import dev.pmmemory.application.port.in.RecordTurnCommand;
import dev.pmmemory.application.port.in.RecordedTurn;
import dev.pmmemory.application.port.in.SessionHistory;
import dev.pmmemory.application.port.in.SessionTurn;
import dev.pmmemory.application.port.out.SessionTurns;
import dev.pmmemory.application.port.out.StoredSession;
import dev.pmmemory.application.model.TurnRole;
import dev.pmmemory.application.testing.MutableClock;
import dev.pmmemory.domain.privacy.Redactor;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

class ShortTermSessionsTest {
    private static final Instant T0 = Instant.parse("2026-11-20T10:00:00.123456Z");

    /** Records what reaches the store, and answers reads with what the test says. */
    private static final class RecordingSessionTurns implements SessionTurns {
        final List<SessionTurn> appended = new ArrayList<>();
        final List<Instant> expiries = new ArrayList<>();
        Instant readAt;
        int readLast;

        @Override
        public void append(SessionTurn turn, Instant expiresAt) {
            appended.add(turn);
            expiries.add(expiresAt);
        }

        @Override
        public StoredSession lastTurns(String sessionId, int last, Instant now) {
            readAt = now;
            readLast = last;
            return appended.isEmpty() ? StoredSession.NONE
                    : new StoredSession(appended, Optional.of(expiries.get(expiries.size() - 1)));
        }

        @Override
        public boolean isAvailable() {
            return true;
        }
    }

    private final RecordingSessionTurns store = new RecordingSessionTurns();
    private final MutableClock clock = new MutableClock(T0);
    private final ShortTermSessions sessions = new ShortTermSessions(store, new Redactor(), clock, Duration.ofHours(1));

    @Test
    void aTurnIsStoredRedactedWithTheTimeOfTheClockAndTheSessionExpiresOneTtlLater() {
        RecordedTurn r = sessions.record(TestCommands.turn("s-1", "user",
                "my key is sk-abcdefghijklmnopqrstuvwx, OpenAI 估值高", "pm-zhang"));

        SessionTurn stored = store.appended.get(0);
        assertThat(stored.content()).isEqualTo("my key is [REDACTED:api_key], OpenAI 估值高").doesNotContain("sk-abc");
        assertThat(stored.createdAt()).isEqualTo(Instant.parse("2026-11-20T10:00:00.123Z"));
        assertThat(stored.role()).isEqualTo(TurnRole.USER);
        assertThat(stored.profileId()).isEqualTo("pm-zhang");
        assertThat(store.expiries).containsExactly(Instant.parse("2026-11-20T11:00:00.123Z"));
        assertThat(r.turn()).isEqualTo(stored);
        assertThat(r.expiresAt()).isEqualTo(store.expiries.get(0));
        assertThat(r.redactions()).containsExactly("api_key");
    }

    @Test
    void eachWriteMovesTheExpiryToItsOwnTimePlusTheTtl() {
        sessions.record(TestCommands.turn("s-1", "user", "one", null));
        clock.advance(Duration.ofMinutes(40));
        RecordedTurn second = sessions.record(TestCommands.turn("s-1", "assistant", "two", null));

        assertThat(second.expiresAt()).isEqualTo(Instant.parse("2026-11-20T11:40:00.123Z"));
        assertThat(second.redactions()).isEmpty();
    }

    @Test
    void aReadAsksTheStoreAtTheClocksTimeForTheRequestedNumberOfTurns() {
        sessions.record(TestCommands.turn("s-1", "user", "one", null));
        clock.advance(Duration.ofMinutes(5));

        SessionHistory h = sessions.read(new ReadTurnsQuery("s-1", 7));

        assertThat(store.readAt).isEqualTo(T0.plus(Duration.ofMinutes(5)));
        assertThat(store.readLast).isEqualTo(7);
        assertThat(h.sessionId()).isEqualTo("s-1");
        assertThat(h.turns()).extracting(SessionTurn::content).containsExactly("one");
    }

    @Test
    void aTurnOrAReadOutOfBoundsCannotBeBuilt() {
        assertThatThrownBy(() -> new ReadTurnsQuery("s-1", 201)).isInstanceOfSatisfying(InvalidInputException.class,
                e -> assertThat(e.errors()).extracting(FieldError::field).containsExactly("last"));
        assertThatThrownBy(() -> new RecordTurnCommand("bad sid!", null, " ", "no/slash"))
                .isInstanceOfSatisfying(InvalidInputException.class, e -> assertThat(e.errors())
                        .extracting(FieldError::field)
                        .containsExactlyInAnyOrder("session_id", "role", "content", "profile_id"));
        assertThat(TestCommands.turn("s-1", "system", "字".repeat(4000), null).content()).hasSize(4000);
    }

    @Test
    void aTtlBelowOneSecondIsRefused() {
        assertThatThrownBy(() -> new ShortTermSessions(store, new Redactor(), clock, Duration.ofMillis(500)))
                .isInstanceOf(IllegalArgumentException.class);
    }
}
