package dev.pmmemory.bootstrap;

import static org.assertj.core.api.Assertions.assertThat;

import io.quarkus.test.junit.QuarkusTest;
import io.quarkus.test.junit.TestProfile;
import io.vertx.redis.client.Command;
import io.vertx.redis.client.Redis;
import io.vertx.redis.client.Request;
import io.vertx.redis.client.Response;
import jakarta.inject.Inject;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/** {@link SessionsAcceptanceTest}, every case, with the sessions in a real Redis (memory.sessions.store=redis). */
@QuarkusTest
@TestProfile(RedisSessionsProfile.class)
class RedisSessionsAcceptanceTest extends SessionsAcceptanceTest {

    @Inject
    Redis redis;

    @Override
    protected String storeName() {
        return "redis";
    }

    @Test
    void theTurnsAreInRedisUnderTheConfiguredPrefix() throws Exception {
        String sid = newSession();
        addTurn(sid, java.util.Map.of("role", "user", "content", "hi")).statusCode(201);
        assertThat(keys(RedisSessionsProfile.KEY_PREFIX + "session:{" + sid + "}:*")).hasSize(2);
    }

    @AfterEach
    void deleteThisRunsKeys() throws Exception {
        for (String key : keys(RedisSessionsProfile.KEY_PREFIX + "*")) {
            call(Request.cmd(Command.DEL).arg(key));
        }
    }

    List<String> keys(String pattern) throws Exception {
        List<String> keys = new ArrayList<>();
        String cursor = "0";
        do {
            Response page = call(Request.cmd(Command.SCAN).arg(cursor).arg("MATCH").arg(pattern).arg("COUNT").arg(1000));
            cursor = page.get(0).toString();
            page.get(1).forEach(k -> keys.add(k.toString()));
        } while (!cursor.equals("0"));
        return keys;
    }

    Response call(Request request) throws Exception {
        return redis.send(request).toCompletionStage().toCompletableFuture().get(5, TimeUnit.SECONDS);
    }
}
