package dev.pmmemory.adapters.sessions.embedded;

import static org.assertj.core.api.Assertions.assertThat;

import dev.pmmemory.application.port.in.SessionTurn;
import dev.pmmemory.application.port.out.SessionTurns;
import dev.pmmemory.application.model.TurnRole;
import dev.pmmemory.application.testing.SessionTurnsContract;
import java.time.Duration;
import java.time.Instant;
import org.junit.jupiter.api.Test;

class EmbeddedSessionTurnsContractTest extends SessionTurnsContract {
    private final EmbeddedSessionTurns sessions = new EmbeddedSessionTurns();

    @Override
    protected SessionTurns sessions() {
        return sessions;
    }

    @Test
    void abandonedSessionsAreSweptAwaySoTheHeapDoesNotGrowWithoutBound() {
        Instant t0 = Instant.parse("2026-11-20T10:00:00Z");
        for (int i = 0; i < EmbeddedSessionTurns.SWEEP_EVERY - 1; i++) {
            sessions.append(new SessionTurn("old-" + i, TurnRole.USER, "hi", null, t0), t0.plusSeconds(60));
        }
        Instant later = t0.plus(Duration.ofHours(2));
        sessions.append(new SessionTurn("fresh", TurnRole.USER, "hi", null, later), later.plusSeconds(60));

        assertThat(sessions.size()).isEqualTo(1);
    }
}
