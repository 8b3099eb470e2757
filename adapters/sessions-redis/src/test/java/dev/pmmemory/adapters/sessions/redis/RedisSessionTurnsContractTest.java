package dev.pmmemory.adapters.sessions.redis;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.pmmemory.application.SessionsUnavailableException;
import dev.pmmemory.application.port.in.SessionTurn;
import dev.pmmemory.application.port.out.SessionTurns;
import dev.pmmemory.application.model.TurnRole;
import dev.pmmemory.application.testing.SessionTurnsContract;
import io.vertx.core.Vertx;
import io.vertx.redis.client.Command;
import io.vertx.redis.client.Redis;
import io.vertx.redis.client.Request;
import io.vertx.redis.client.Response;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The session contract on a real Redis: {@code PM_MEMORY_TEST_REDIS_URL}, default
 * {@code redis://127.0.0.1:6379} (.ci/run starts one when none answers). Every key of the run
 * carries a fresh prefix and is deleted afterwards.
 */
class RedisSessionTurnsContractTest extends SessionTurnsContract {
    private static final String URL = System.getenv().getOrDefault("PM_MEMORY_TEST_REDIS_URL", "redis://127.0.0.1:6379");
    private static final String PREFIX = "pm-memory-test-" + UUID.randomUUID() + ":";

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
            for (String key : keysOfThisRun()) {
                call(Request.cmd(Command.DEL).arg(key));
            }
            assertThat(keysOfThisRun()).isEmpty();
        } finally {
            redis.close();
            vertx.close().toCompletionStage().toCompletableFuture().get(5, TimeUnit.SECONDS);
        }
    }

    private final RedisSessionTurns sessions = new RedisSessionTurns(redis, PREFIX, Duration.ofSeconds(3));

    @Override
    protected SessionTurns sessions() {
        return sessions;
    }

    @Test
    void redisAlsoExpiresTheKeysSoAbandonedSessionsFreeTheirMemory() throws Exception {
        Instant now = Instant.now();
        sessions.append(new SessionTurn("gc-" + UUID.randomUUID(), TurnRole.USER, "hi", null, now),
                now.plus(Duration.ofMinutes(30)));

        List<String> keys = keysOfThisRun();
        assertThat(keys).isNotEmpty();
        for (String key : keys) {
            long ttl = call(Request.cmd(Command.PTTL).arg(key)).toLong();
            assertThat(ttl).as("PTTL of %s", key).isPositive().isLessThanOrEqualTo(Duration.ofHours(1).toMillis());
        }
    }

    @Test
    void aRedisThatDoesNotAnswerMakesSessionCallsUnavailableNotBroken() {
        Redis nowhere = Redis.createClient(vertx, "redis://127.0.0.1:1");
        try {
            RedisSessionTurns down = new RedisSessionTurns(nowhere, PREFIX, Duration.ofSeconds(2));
            Instant now = Instant.now();
            assertThat(down.isAvailable()).isFalse();
            assertThatThrownBy(() -> down.append(new SessionTurn("s-1", TurnRole.USER, "hi", null, now),
                    now.plusSeconds(60))).isInstanceOf(SessionsUnavailableException.class);
            assertThatThrownBy(() -> down.lastTurns("s-1", 20, now)).isInstanceOf(SessionsUnavailableException.class);
        } finally {
            nowhere.close();
        }
    }

    private static List<String> keysOfThisRun() throws Exception {
        List<String> keys = new ArrayList<>();
        String cursor = "0";
        do {
            Response page = call(Request.cmd(Command.SCAN).arg(cursor).arg("MATCH").arg(PREFIX + "*").arg("COUNT").arg(1000));
            cursor = page.get(0).toString();
            page.get(1).forEach(k -> keys.add(k.toString()));
        } while (!cursor.equals("0"));
        return keys;
    }

    private static Response call(Request request) throws Exception {
        return redis.send(request).toCompletionStage().toCompletableFuture().get(5, TimeUnit.SECONDS);
    }
}
