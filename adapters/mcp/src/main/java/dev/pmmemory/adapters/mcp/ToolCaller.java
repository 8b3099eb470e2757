package dev.pmmemory.adapters.mcp;

import dev.pmmemory.application.Validation;
import dev.pmmemory.application.access.ApiKey;
import dev.pmmemory.application.access.Scope;
import java.util.Optional;

/**
 * Who calls a tool: the key the HTTP filter authenticated (none when the service runs without keys, on
 * loopback only) and the agent that uses it. It decides the profile a call acts on; a key never
 * reaches a profile its glob does not cover.
 *
 * @param agent the agent recorded beside the actor, or null
 */
record ToolCaller(Optional<ApiKey> key, String agent) {
    /** The actor of a caller without keys, as on REST. */
    static final String LOCAL = "local";

    /** The actor recorded in the audit trail: the key's name, or {@value #LOCAL}. */
    String actor() {
        return key.map(ApiKey::name).orElse(LOCAL);
    }

    /**
     * The profile a call needing {@code needed} acts on: the one named, checked against the key's glob;
     * when none is named, the one profile the key is bound to (a glob without {@code *}).
     *
     * @param requested the {@code profile_id} argument, or null
     * @throws ToolRefusal the key's scope or profiles do not allow the call
     * @throws dev.pmmemory.application.InvalidInputException no profile named where one is needed, or a malformed one
     */
    String profileFor(String requested, Scope needed) {
        key.flatMap(k -> k.scopeRefusal(needed)).ifPresent(reason -> {
            throw new ToolRefusal(reason);
        });
        Validation v = new Validation();
        String profile = requested != null ? requested : key.flatMap(ApiKey::boundProfile).orElse(null);
        if (profile == null) {
            v.fail("profile_id", key.map(k -> "is required: key " + k.name() + " may touch more than one profile")
                    .orElse("is required"));
        } else {
            v.profileId("profile_id", profile);
        }
        v.check();
        key.flatMap(k -> k.profileRefusal(profile)).ifPresent(reason -> {
            throw new ToolRefusal(reason);
        });
        return profile;
    }
}
