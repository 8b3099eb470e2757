package dev.pmmemory.bootstrap;

import io.quarkus.test.junit.QuarkusTestProfile;
import java.util.Map;

/** Sessions on a Redis that is not there: port 1 of loopback, where nothing listens. */
public class RedisDownProfile implements QuarkusTestProfile {
    @Override
    public Map<String, String> getConfigOverrides() {
        return Map.of("memory.sessions.store", "redis",
                "quarkus.redis.hosts", "redis://127.0.0.1:1");
    }
}
