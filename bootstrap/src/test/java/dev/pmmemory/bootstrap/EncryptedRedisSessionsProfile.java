package dev.pmmemory.bootstrap;

import java.util.HashMap;
import java.util.Map;

/** Sessions on Redis ({@link RedisSessionsProfile}) with encryption at rest on (the fixed test key). */
public class EncryptedRedisSessionsProfile extends RedisSessionsProfile {

    @Override
    public Map<String, String> getConfigOverrides() {
        Map<String, String> config = new HashMap<>(super.getConfigOverrides());
        config.put("memory.encryption.key", EncryptedStoreContract.KEY);
        return config;
    }
}
