package dev.pmmemory.bootstrap;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.pmmemory.adapters.encryption.AesGcmFieldProtection;
import dev.pmmemory.adapters.encryption.Keyset;
import dev.pmmemory.adapters.sessions.redis.RedisSessionTurns;
import dev.pmmemory.application.UnreadableFieldException;
import dev.pmmemory.application.model.TurnRole;
import dev.pmmemory.application.port.in.SessionTurn;
import dev.pmmemory.application.port.out.SessionTurns;
import dev.pmmemory.application.testing.SessionTurnsContract;
import io.vertx.core.Vertx;
import io.vertx.redis.client.Command;
import io.vertx.redis.client.Redis;
import io.vertx.redis.client.Request;
import io.vertx.redis.client.Response;
import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The session contract on a real Redis with encryption at rest on, and what it adds: what Redis holds (and may
 * write to disk) is ciphertext, and a turn moved to another session is reported, not served. Redis at
 * {@code PM_MEMORY_TEST_REDIS_URL} (default {@code redis://127.0.0.1:6379}); every key of the run is deleted.
 */
class EncryptedRedisSessionTurnsContractTest extends SessionTurnsContract {
    private static final String URL = System.getenv().getOrDefault("PM_MEMORY_TEST_REDIS_URL", "redis://127.0.0.1:6379");
    private static final String PREFIX = "pm-memory-test-" + UUID.randomUUID() + ":";
    private static final String SECRET = "Quixotrel 估值偏高，下周别再约了";

    private static Vertx vertx;
    private static Redis redis;

    @BeforeAll
    static void connect() {
        vertx = Vertx.vertx();
        redis = Redis.createClient(vertx, URL);
    }

    @AfterAll
    static void cleanUp() throws Exception {
        try {
            for (String key : keys(PREFIX + "*")) {
                call(Request.cmd(Command.DEL).arg(key));
            }
        } finally {
            redis.close();
            vertx.close().toCompletionStage().toCompletableFuture().get(5, TimeUnit.SECONDS);
        }
    }

    private final RedisSessionTurns sessions = new RedisSessionTurns(redis, PREFIX, Duration.ofSeconds(3),
            new AesGcmFieldProtection(Keyset.ofSingleKey(EncryptedStoreContract.KEY)));

    @Override
    protected SessionTurns sessions() {
        return sessions;
    }

    @Test
    void whatRedisHoldsIsCiphertextNotTheTurnsText() throws Exception {
        String sid = "s-" + UUID.randomUUID();
        Instant now = Instant.now().truncatedTo(ChronoUnit.MILLIS); // turns are kept to the millisecond
        SessionTurn turn = new SessionTurn(sid, TurnRole.USER, SECRET, "pm-zhang", now);
        sessions.append(turn, now.plus(Duration.ofMinutes(30)));

        List<String> stored = storedTurns(sid);
        assertThat(stored).singleElement().satisfies(json -> {
            assertThat(json).doesNotContain("Quixotrel").doesNotContain("估值偏高").contains("\"content\":\"enc1:");
            assertThat(json).contains("pm-zhang"); // ids are not sealed
        });
        assertThat(sessions.lastTurns(sid, 20, now).turns()).containsExactly(turn);
    }

    @Test
    void aTurnCopiedIntoAnotherSessionIsReportedNotServed() throws Exception {
        String sid = "s-" + UUID.randomUUID();
        String other = sid + "-other";
        Instant now = Instant.now();
        sessions.append(new SessionTurn(sid, TurnRole.USER, SECRET, null, now), now.plus(Duration.ofMinutes(30)));
        sessions.append(new SessionTurn(other, TurnRole.USER, "hi", null, now), now.plus(Duration.ofMinutes(30)));

        String copied = storedTurns(sid).get(0);
        call(Request.cmd(Command.RPUSH).arg(PREFIX + "session:{" + other + "}:turns").arg(copied));

        assertThatThrownBy(() -> sessions.lastTurns(other, 20, now))
                .isInstanceOf(UnreadableFieldException.class)
                .hasMessageContaining("session_turns.content of row " + other + "@")
                .hasMessageNotContaining("Quixotrel");
    }

    private static List<String> storedTurns(String sid) throws Exception {
        List<String> turns = new ArrayList<>();
        call(Request.cmd(Command.LRANGE).arg(PREFIX + "session:{" + sid + "}:turns").arg(0).arg(-1))
                .forEach(t -> turns.add(t.toString()));
        return turns;
    }

    private static List<String> keys(String pattern) throws Exception {
        List<String> keys = new ArrayList<>();
        String cursor = "0";
        do {
            Response page = call(Request.cmd(Command.SCAN).arg(cursor).arg("MATCH").arg(pattern).arg("COUNT").arg(1000));
            cursor = page.get(0).toString();
            page.get(1).forEach(k -> keys.add(k.toString()));
        } while (!cursor.equals("0"));
        return keys;
    }

    private static Response call(Request request) throws Exception {
        return redis.send(request).toCompletionStage().toCompletableFuture().get(5, TimeUnit.SECONDS);
    }
}
