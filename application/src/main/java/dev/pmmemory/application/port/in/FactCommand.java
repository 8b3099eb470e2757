package dev.pmmemory.application.port.in;

import dev.pmmemory.application.Validation;

/**
 * A change to one attribute made by someone (DELETE).
 *
 * @param actor an API key's name, or {@code local}
 * @param agent the agent that used the key, or null when none was named
 */
public record FactCommand(String profileId, String attribute, String actor, String agent) {
    public FactCommand {
        Validation v = new Validation();
        v.profileId("profile_id", profileId);
        v.attribute("attribute", attribute);
        v.actor(actor);
        v.agent("agent", agent);
        v.check();
    }

    /** A change no agent is named for. */
    public FactCommand(String profileId, String attribute, String actor) {
        this(profileId, attribute, actor, null);
    }
}
