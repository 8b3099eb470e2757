package dev.pmmemory.bootstrap;

import dev.pmmemory.application.access.ApiKeys;
import io.quarkus.test.junit.QuarkusTestProfile;
import java.util.HexFormat;
import java.util.Map;

/** Three keys: a bot writing team-a profiles, a reader of everything, an admin. */
public class WithApiKeys implements QuarkusTestProfile {
    static final String BOT = "bot-" + "s3cr3t-team-a-writer";
    static final String READER = "reader-" + "s3cr3t-all-profiles";
    static final String ADMIN = "ops-" + "s3cr3t-admin";

    static String entry(String name, String scope, String glob, String secret) {
        return name + ":" + scope + ":" + glob + ":" + HexFormat.of().formatHex(ApiKeys.sha256(secret));
    }

    @Override
    public Map<String, String> getConfigOverrides() {
        return Map.of("memory.auth.keys", String.join(",",
                entry("bot", "write", "team-a-*", BOT),
                entry("reader", "read", "*", READER),
                entry("ops", "admin", "*", ADMIN)));
    }
}
