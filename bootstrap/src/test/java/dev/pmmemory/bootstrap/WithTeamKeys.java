package dev.pmmemory.bootstrap;

import io.quarkus.test.junit.QuarkusTestProfile;
import java.util.Map;

/** An admin key over everything and a writer key scoped to the team desk-1 (its memories and its members). */
public class WithTeamKeys implements QuarkusTestProfile {
    static final String ADMIN = "ops-" + "s3cr3t-admin";
    static final String DESK = "desk-" + "s3cr3t-team-writer";
    static final String TEAM = "desk-1";

    @Override
    public Map<String, String> getConfigOverrides() {
        return Map.of("memory.auth.keys", String.join(",",
                WithApiKeys.entry("ops", "admin", "*", ADMIN),
                WithApiKeys.entry("desk", "write", "@" + TEAM, DESK)));
    }
}
