package dev.pmmemory.adapters.rest.wire;

import dev.pmmemory.application.Validation;
import dev.pmmemory.application.port.in.AddFeedbackCommand;
import dev.pmmemory.domain.memory.MemoryType;
import dev.pmmemory.domain.memory.Source;
import java.time.Instant;

/**
 * The fields a feedback body shares with a team decision's, read from their wire text. Problems are added to the
 * caller's {@link Validation}, so a request with several bad fields hears of all of them at once.
 */
public record FeedbackFields(String message, Instant createdAt, String sessionId, String messageId, Source source,
                      MemoryType type) {

    public static FeedbackFields read(Validation v, String message, String createdAt, String sessionId, String messageId,
                               String source, String type) {
        v.text("message", message, AddFeedbackCommand.MAX_MESSAGE_CODE_POINTS);
        Instant at = v.optionalInstant("created_at", createdAt);
        v.optionalOpaqueId("session_id", sessionId);
        v.optionalOpaqueId("message_id", messageId);
        Source src = v.optionalEnum("source", source, Source::fromWireName, "explicit, inferred, bot");
        MemoryType given = type == null ? null : MemoryType.fromWireName(type).filter(MemoryType::classifiable)
                .orElse(null);
        if (type != null && given == null) {
            v.fail("type", MemoryType.SUMMARY.wireName().equals(type)
                    ? "summary is made only by the compact job; feedback cannot give it"
                    : "must be one of " + AddFeedbackCommand.CLASSIFIABLE_TYPES);
        }
        return new FeedbackFields(message, at, sessionId, messageId, src == null ? Source.EXPLICIT : src, given);
    }

    /** The command storing these fields under {@code ownerId}; call after the validation passed. */
    public AddFeedbackCommand toCommand(String ownerId) {
        return new AddFeedbackCommand(ownerId, message, createdAt, sessionId, messageId, source, type);
    }
}
