package dev.pmmemory.application.port.in;

import dev.pmmemory.application.Validation;
import dev.pmmemory.domain.memory.MemoryType;
import java.time.Instant;
import java.util.Optional;
import java.util.Set;

/**
 * A valid correction: at least one of content, type, expires_at; the constructor names every invalid field.
 *
 * @param content the new text (redacted before it is stored), or empty to keep it
 * @param type    the new type, or empty to keep it
 * @param expiry  the new expiry, or null to keep it (or, when the type changes, to restart the new
 *                type's TTL from last_seen_at)
 * @param agent   the agent that used the actor's key, or null when none was named
 */
public record CorrectMemoryCommand(String profileId, String memoryId, Optional<String> content,
                                   Optional<MemoryType> type, Expiry expiry, String actor, String agent) {

    /** The fields a correction may name. */
    public static final Set<String> FIELDS = Set.of("content", "type", "expires_at");

    /** @param expiresAt null: the memory becomes permanent */
    public record Expiry(Instant expiresAt) {
    }

    public CorrectMemoryCommand {
        Validation v = new Validation();
        v.profileId("profile_id", profileId);
        v.memoryId("memory_id", memoryId);
        v.actor(actor);
        v.agent("agent", agent);
        content.ifPresent(c -> checkContent(v, c));
        if (content.isEmpty() && type.isEmpty() && expiry == null) {
            v.fail("body", "must name at least one of content, type, expires_at");
        }
        v.check();
    }

    /** A correction no agent is named for. */
    public CorrectMemoryCommand(String profileId, String memoryId, Optional<String> content,
                                Optional<MemoryType> type, Expiry expiry, String actor) {
        this(profileId, memoryId, content, type, expiry, actor, null);
    }

    private static void checkContent(Validation v, String content) {
        v.text("content", content, AddFeedbackCommand.MAX_MESSAGE_CODE_POINTS);
    }
}
