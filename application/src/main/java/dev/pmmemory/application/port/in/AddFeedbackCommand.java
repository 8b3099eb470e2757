package dev.pmmemory.application.port.in;

import dev.pmmemory.application.Validation;
import dev.pmmemory.domain.memory.Source;
import java.time.Instant;
import java.util.Objects;

/**
 * A valid feedback message. Build it with {@link #of}, which names every invalid field.
 *
 * @param createdAt when the PM said it, or null to use the time the service received it
 * @param sessionId nullable
 * @param messageId the caller's idempotency key, nullable
 */
public record AddFeedbackCommand(String profileId, String message, Instant createdAt, String sessionId,
                                 String messageId, Source source) {

    public static final int MAX_MESSAGE_CODE_POINTS = 4000;

    public AddFeedbackCommand {
        Validation v = new Validation();
        v.profileId("profile_id", profileId);
        checkMessage(v, message);
        v.optionalOpaqueId("session_id", sessionId);
        v.optionalOpaqueId("message_id", messageId);
        v.check();
        Objects.requireNonNull(source, "source");
    }

    /** From raw wire values (any may be null); every invalid field is reported at once. */
    public static AddFeedbackCommand of(String profileId, String message, String createdAt, String sessionId,
                                        String messageId, String source) {
        Validation v = new Validation();
        v.profileId("profile_id", profileId);
        checkMessage(v, message);
        Instant at = v.optionalInstant("created_at", createdAt);
        v.optionalOpaqueId("session_id", sessionId);
        v.optionalOpaqueId("message_id", messageId);
        Source src = v.optionalEnum("source", source, Source::fromWireName, "explicit, inferred, bot");
        v.check();
        return new AddFeedbackCommand(profileId, message, at, sessionId, messageId, src == null ? Source.EXPLICIT : src);
    }

    private static void checkMessage(Validation v, String message) {
        v.text("message", message, MAX_MESSAGE_CODE_POINTS);
    }
}
