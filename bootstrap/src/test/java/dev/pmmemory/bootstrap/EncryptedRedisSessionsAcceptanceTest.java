package dev.pmmemory.bootstrap;

import static org.assertj.core.api.Assertions.assertThat;
import static org.hamcrest.Matchers.equalTo;

import io.quarkus.test.junit.QuarkusTest;
import io.quarkus.test.junit.TestProfile;
import io.vertx.redis.client.Command;
import io.vertx.redis.client.Request;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** {@link SessionsAcceptanceTest}, every case, on Redis with encryption at rest on; and Redis holds no turn text. */
@QuarkusTest
@TestProfile(EncryptedRedisSessionsProfile.class)
class EncryptedRedisSessionsAcceptanceTest extends RedisSessionsAcceptanceTest {

    @Test
    void redisHoldsTheTurnSealedWhileTheApiAnswersItPlain() throws Exception {
        String sid = newSession();
        String text = "Zephyrine 的创始人太强了，可以约一下";
        addTurn(sid, Map.of("role", "user", "content", text, "profile_id", "pm-zhang")).statusCode(201);

        turns(sid, Map.of()).statusCode(200).body("turns[0].content", equalTo(text));
        List<String> stored = new ArrayList<>();
        call(Request.cmd(Command.LRANGE).arg(RedisSessionsProfile.KEY_PREFIX + "session:{" + sid + "}:turns")
                .arg(0).arg(-1)).forEach(t -> stored.add(t.toString()));
        assertThat(stored).singleElement().satisfies(json ->
                assertThat(json).doesNotContain("Zephyrine").doesNotContain("创始人").contains("enc1:"));
    }
}
