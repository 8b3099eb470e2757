package dev.pmmemory.application.port.in;

import dev.pmmemory.application.Validation;
import dev.pmmemory.domain.memory.MemoryType;
import dev.pmmemory.domain.memory.Source;
import java.time.Instant;
import java.util.Objects;

/**
 * A valid feedback message; the constructor names every invalid field.
 *
 * @param createdAt when the PM said it, or null to use the time the service received it
 * @param sessionId nullable
 * @param messageId the caller's idempotency key, nullable
 * @param type      the type the caller chose (the classifier is skipped), or null to classify the text
 * @param actor     who sends it, as the audit events it causes record it: an API key's name, {@code local},
 *                  or {@link AuditEvent#SYSTEM} when the caller names nobody
 * @param agent     the agent that used the key, or null when none was named
 */
public record AddFeedbackCommand(String profileId, String message, Instant createdAt, String sessionId,
                                 String messageId, Source source, MemoryType type, String actor, String agent) {

    public static final int MAX_MESSAGE_CODE_POINTS = 4000;

    public AddFeedbackCommand {
        Validation v = new Validation();
        v.ownerId("profile_id", profileId);
        checkMessage(v, message);
        v.optionalOpaqueId("session_id", sessionId);
        v.optionalOpaqueId("message_id", messageId);
        checkType(v, type);
        v.actor(actor);
        v.agent("agent", agent);
        v.check();
        Objects.requireNonNull(source, "source");
    }

    /** Feedback with a caller-chosen type (nullable), recorded under {@link AuditEvent#SYSTEM}. */
    public AddFeedbackCommand(String profileId, String message, Instant createdAt, String sessionId,
                              String messageId, Source source, MemoryType type) {
        this(profileId, message, createdAt, sessionId, messageId, source, type, AuditEvent.SYSTEM, null);
    }

    /** Feedback whose type the classifier decides. */
    public AddFeedbackCommand(String profileId, String message, Instant createdAt, String sessionId,
                              String messageId, Source source) {
        this(profileId, message, createdAt, sessionId, messageId, source, null);
    }

    /** This feedback, sent by {@code actor} (an API key's name or {@code local}) through {@code agent} (nullable). */
    public AddFeedbackCommand by(String actor, String agent) {
        return new AddFeedbackCommand(profileId, message, createdAt, sessionId, messageId, source, type, actor, agent);
    }

    /** The types feedback may be given, in wire spelling: every type but summary. */
    public static final String CLASSIFIABLE_TYPES = java.util.Arrays.stream(MemoryType.values())
            .filter(MemoryType::classifiable).map(MemoryType::wireName)
            .collect(java.util.stream.Collectors.joining(", "));

    private static void checkType(Validation v, MemoryType type) {
        if (type != null && !type.classifiable()) {
            v.fail("type", "summary is made only by the compact job; feedback cannot give it");
        }
    }

    private static void checkMessage(Validation v, String message) {
        v.text("message", message, MAX_MESSAGE_CODE_POINTS);
    }
}
