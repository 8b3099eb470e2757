package dev.pmmemory.application.port.in;

import dev.pmmemory.application.Validation;

/**
 * A change to one attribute made by someone (DELETE).
 *
 * @param actor an API key's name, or {@code local}
 */
public record FactCommand(String profileId, String attribute, String actor) {
    public FactCommand {
        Validation v = new Validation();
        v.profileId("profile_id", profileId);
        v.attribute("attribute", attribute);
        v.actor(actor);
        v.check();
    }
}
