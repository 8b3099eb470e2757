package dev.pmmemory.bootstrap;

import io.quarkus.test.junit.QuarkusTestProfile;
import java.util.Map;

/** One key limited to one request a second. */
public class WithRateLimit implements QuarkusTestProfile {
    static final String LIMITED = "limited-" + "s3cr3t";

    @Override
    public Map<String, String> getConfigOverrides() {
        return Map.of("memory.auth.keys", WithApiKeys.entry("limited", "read", "*", LIMITED),
                "memory.auth.rate-limit-per-second", "1");
    }
}
