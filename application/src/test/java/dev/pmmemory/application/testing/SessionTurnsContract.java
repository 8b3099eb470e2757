package dev.pmmemory.application.testing;

import static org.assertj.core.api.Assertions.assertThat;

import dev.pmmemory.application.port.in.SessionTurn;
import dev.pmmemory.application.port.out.SessionTurns;
import dev.pmmemory.application.port.out.StoredSession;
import dev.pmmemory.application.model.TurnRole;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/**
 * The contract every session store keeps (port {@link SessionTurns}), expiry included. Times are
 * passed in, so expiry is tested without waiting. Each test uses fresh session ids, so a store
 * shared between runs (Redis) cannot leak one test's turns into another.
 */
public abstract class SessionTurnsContract {
    private static final Instant T0 = Instant.parse("2026-11-20T10:00:00Z");
    private static final Duration TTL = Duration.ofHours(1);

    /** The store under test; the same instance for the whole test. */
    protected abstract SessionTurns sessions();

    private final String sid = "s-" + UUID.randomUUID();

    private SessionTurn turn(String sessionId, TurnRole role, String content, Instant at) {
        return new SessionTurn(sessionId, role, content, null, at);
    }

    private void say(String content, Instant at) {
        sessions().append(turn(sid, TurnRole.USER, content, at), at.plus(TTL));
    }

    private List<String> contents(StoredSession s) {
        return s.turns().stream().map(SessionTurn::content).toList();
    }

    @Test
    void anUnknownSessionHasNoTurnsAndNoExpiry() {
        StoredSession s = sessions().lastTurns(sid, 20, T0);
        assertThat(s.turns()).isEmpty();
        assertThat(s.expiresAt()).isEmpty();
    }

    @Test
    void turnsComeBackOldestFirstWithEveryField() {
        SessionTurn first = new SessionTurn(sid, TurnRole.USER, "OpenAI 估值高吗？", "pm-zhang", T0);
        SessionTurn second = new SessionTurn(sid, TurnRole.ASSISTANT, "估值约 1570 亿美元 🚀\n第二行", null,
                T0.plusMillis(1_234));
        SessionTurn third = new SessionTurn(sid, TurnRole.SYSTEM, "be brief", "pm-zhang", T0.plusSeconds(5));
        sessions().append(first, first.createdAt().plus(TTL));
        sessions().append(second, second.createdAt().plus(TTL));
        sessions().append(third, third.createdAt().plus(TTL));

        StoredSession s = sessions().lastTurns(sid, 20, T0.plusSeconds(6));

        assertThat(s.turns()).containsExactly(first, second, third);
        assertThat(s.expiresAt()).contains(third.createdAt().plus(TTL));
    }

    @Test
    void lastNGivesTheNewestNStillOldestFirst() {
        for (int i = 1; i <= 5; i++) {
            say("turn " + i, T0.plusSeconds(i));
        }
        assertThat(contents(sessions().lastTurns(sid, 2, T0.plusSeconds(10)))).containsExactly("turn 4", "turn 5");
        assertThat(contents(sessions().lastTurns(sid, 200, T0.plusSeconds(10))))
                .containsExactly("turn 1", "turn 2", "turn 3", "turn 4", "turn 5");
    }

    @Test
    void sessionsAreKeptApart() {
        String other = sid + "-other";
        say("mine", T0);
        sessions().append(turn(other, TurnRole.USER, "theirs", T0), T0.plus(TTL));

        assertThat(contents(sessions().lastTurns(sid, 20, T0))).containsExactly("mine");
        assertThat(contents(sessions().lastTurns(other, 20, T0))).containsExactly("theirs");
    }

    @Test
    void theWholeSessionExpiresAtItsExpiry() {
        say("one", T0);
        say("two", T0.plusSeconds(60));
        Instant expiry = T0.plusSeconds(60).plus(TTL);

        assertThat(contents(sessions().lastTurns(sid, 20, expiry.minusMillis(1)))).containsExactly("one", "two");
        StoredSession gone = sessions().lastTurns(sid, 20, expiry);
        assertThat(gone.turns()).isEmpty();
        assertThat(gone.expiresAt()).isEmpty();
    }

    @Test
    void eachWriteRenewsTheWholeSession() {
        say("early", T0);
        say("later", T0.plus(Duration.ofMinutes(50)));

        // past the first turn's own hour, the second write kept both alive
        StoredSession s = sessions().lastTurns(sid, 20, T0.plus(Duration.ofMinutes(90)));
        assertThat(contents(s)).containsExactly("early", "later");
        assertThat(s.expiresAt()).contains(T0.plus(Duration.ofMinutes(110)));
    }

    @Test
    void aWriteAfterExpiryStartsAFreshSession() {
        say("forgotten", T0);
        say("new start", T0.plus(TTL));

        assertThat(contents(sessions().lastTurns(sid, 20, T0.plus(TTL)))).containsExactly("new start");
    }

    @Test
    void keepsOnlyTheNewestMaxTurns() {
        int total = SessionTurns.MAX_TURNS + 5;
        for (int i = 1; i <= total; i++) {
            say("turn " + i, T0.plusMillis(i));
        }
        List<String> kept = contents(sessions().lastTurns(sid, SessionTurns.MAX_TURNS, T0.plusSeconds(1)));
        assertThat(kept).hasSize(SessionTurns.MAX_TURNS);
        assertThat(kept.get(0)).isEqualTo("turn 6");
        assertThat(kept.get(kept.size() - 1)).isEqualTo("turn " + total);
    }

    @Test
    void concurrentWritersNeverLoseATurn() throws Exception {
        int writers = 8;
        int each = 20;
        ExecutorService pool = Executors.newFixedThreadPool(writers);
        try {
            CountDownLatch start = new CountDownLatch(1);
            List<Future<?>> done = new ArrayList<>();
            for (int w = 0; w < writers; w++) {
                int writer = w;
                done.add(pool.submit(() -> {
                    start.await();
                    for (int i = 0; i < each; i++) {
                        say("w" + writer + "-" + i, T0.plusMillis(i));
                    }
                    return null;
                }));
            }
            start.countDown();
            for (Future<?> f : done) {
                f.get(30, TimeUnit.SECONDS);
            }
        } finally {
            pool.shutdownNow();
        }
        List<String> kept = contents(sessions().lastTurns(sid, SessionTurns.MAX_TURNS, T0.plusSeconds(1)));
        assertThat(kept).hasSize(writers * each).doesNotHaveDuplicates();
    }

    @Test
    void answersWhileUp() {
        assertThat(sessions().isAvailable()).isTrue();
    }
}
