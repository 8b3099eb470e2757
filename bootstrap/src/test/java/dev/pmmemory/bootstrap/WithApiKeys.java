package dev.pmmemory.bootstrap;

import dev.pmmemory.application.access.ApiKeys;
import io.quarkus.test.junit.QuarkusTestProfile;
import java.util.HexFormat;
import java.util.Map;

/**
 * Four keys: a bot writing team-a profiles, a reader of everything, an admin, and an agent's key bound to
 * the one profile pm-solo (its glob names exactly one, so MCP calls need no profile_id).
 */
public class WithApiKeys implements QuarkusTestProfile {
    static final String BOT = "bot-" + "s3cr3t-team-a-writer";
    static final String READER = "reader-" + "s3cr3t-all-profiles";
    static final String ADMIN = "ops-" + "s3cr3t-admin";
    static final String SOLO = "solo-" + "s3cr3t-pm-solo-writer";
    static final String SOLO_PROFILE = "pm-solo";

    static String entry(String name, String scope, String glob, String secret) {
        return name + ":" + scope + ":" + glob + ":" + HexFormat.of().formatHex(ApiKeys.sha256(secret));
    }

    @Override
    public Map<String, String> getConfigOverrides() {
        return Map.of("memory.auth.keys", String.join(",",
                entry("bot", "write", "team-a-*", BOT),
                entry("reader", "read", "*", READER),
                entry("ops", "admin", "*", ADMIN),
                entry("solo", "write", SOLO_PROFILE, SOLO)));
    }
}
