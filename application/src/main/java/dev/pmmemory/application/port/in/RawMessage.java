package dev.pmmemory.application.port.in;

import dev.pmmemory.application.model.FeedbackOutcome;

import dev.pmmemory.domain.memory.Source;
import java.time.Instant;
import java.util.List;
import java.util.Objects;

/**
 * A feedback message as received (after redaction), kept for audit even when its memory changes,
 * with the result it produced so that a retry with the same message id can return it again.
 *
 * @param messageId     the caller's idempotency key, or null
 * @param memoryId      the memory it created or reinforced, or null when unclassified
 * @param supersededIds memories it superseded (wholly or for some entities)
 */
public record RawMessage(
        String id,
        String profileId,
        String messageId,
        String sessionId,
        Source source,
        String content,
        Instant createdAt,
        Instant receivedAt,
        FeedbackOutcome outcome,
        String memoryId,
        List<String> supersededIds,
        List<String> redactions) {

    public RawMessage {
        Objects.requireNonNull(id, "id");
        Objects.requireNonNull(profileId, "profileId");
        Objects.requireNonNull(source, "source");
        Objects.requireNonNull(content, "content");
        Objects.requireNonNull(createdAt, "createdAt");
        Objects.requireNonNull(receivedAt, "receivedAt");
        Objects.requireNonNull(outcome, "outcome");
        supersededIds = List.copyOf(supersededIds);
        redactions = List.copyOf(redactions);
    }
}
