package dev.pmmemory.bootstrap;

import io.quarkus.test.junit.QuarkusTestProfile;
import java.util.Map;
import java.util.UUID;

/**
 * The application with sessions on Redis ({@code memory.sessions.store=redis}) at
 * {@code PM_MEMORY_TEST_REDIS_URL} (default {@code redis://127.0.0.1:6379}), under a key prefix of
 * its own that {@link RedisSessionsAcceptanceTest} deletes afterwards.
 */
public class RedisSessionsProfile implements QuarkusTestProfile {
    static final String URL = System.getenv().getOrDefault("PM_MEMORY_TEST_REDIS_URL", "redis://127.0.0.1:6379");
    static final String KEY_PREFIX = "pm-memory-test-" + UUID.randomUUID() + ":";

    @Override
    public Map<String, String> getConfigOverrides() {
        return Map.of("memory.sessions.store", "redis",
                "quarkus.redis.hosts", URL,
                "memory.sessions.redis.key-prefix", KEY_PREFIX);
    }
}
