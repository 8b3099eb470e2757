package dev.pmmemory.application.port.in;

import dev.pmmemory.application.Validation;

/**
 * A change to one memory made by someone.
 *
 * @param actor who asks: an API key's name, or {@code local} when the service runs without keys
 */
public record MemoryActionCommand(String profileId, String memoryId, String actor) {
    public MemoryActionCommand {
        Validation v = new Validation();
        v.profileId("profile_id", profileId);
        v.memoryId("memory_id", memoryId);
        v.actor(actor);
        v.check();
    }
}
