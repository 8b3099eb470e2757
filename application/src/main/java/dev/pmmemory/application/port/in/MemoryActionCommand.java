package dev.pmmemory.application.port.in;

import dev.pmmemory.application.Validation;

/**
 * A change to one memory made by someone.
 *
 * @param actor who asks: an API key's name, or {@code local} when the service runs without keys
 * @param agent the agent that used the key, or null when none was named
 */
public record MemoryActionCommand(String profileId, String memoryId, String actor, String agent) {
    public MemoryActionCommand {
        Validation v = new Validation();
        v.ownerId("profile_id", profileId);
        v.memoryId("memory_id", memoryId);
        v.actor(actor);
        v.agent("agent", agent);
        v.check();
    }

    /** A change no agent is named for. */
    public MemoryActionCommand(String profileId, String memoryId, String actor) {
        this(profileId, memoryId, actor, null);
    }
}
