package dev.pmmemory.application.port.out;

import java.util.Objects;

/**
 * A member behind a team memory: who said the team decision, or whose own memory counted toward the
 * consensus that proposed it.
 *
 * @param personalMemoryId the author's own memory that counted toward consensus; null for a team decision
 *                         the author recorded
 * @param rawMessageId     the team's raw message holding the author's words; null for consensus
 */
public record TeamAuthor(String teamId, String memoryId, String profileId, String personalMemoryId,
                         String rawMessageId) {
    public TeamAuthor {
        Objects.requireNonNull(teamId, "teamId");
        Objects.requireNonNull(memoryId, "memoryId");
        Objects.requireNonNull(profileId, "profileId");
    }
}
