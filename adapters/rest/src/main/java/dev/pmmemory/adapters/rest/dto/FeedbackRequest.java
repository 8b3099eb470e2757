package dev.pmmemory.adapters.rest.dto;

import dev.pmmemory.adapters.rest.wire.FeedbackFields;
import dev.pmmemory.application.Validation;
import dev.pmmemory.application.port.in.AddFeedbackCommand;
import io.quarkus.runtime.annotations.RegisterForReflection;
import org.eclipse.microprofile.openapi.annotations.media.Schema;

/**
 * The body of POST feedback. Values arrive as text and are read here, so that a bad {@code created_at} or
 * {@code source} is reported by its field name like every other error.
 */
@RegisterForReflection
@Schema(name = "FeedbackRequest")
public record FeedbackRequest(
        @Schema(required = true, maxLength = 4000, examples = "以后少推国内大模型，我更倾向海外早期项目") String message,
        @Schema(description = "ISO-8601 with offset; default: when the service received it",
                examples = "2026-05-09T10:00:00Z") String createdAt,
        @Schema(nullable = true) String sessionId,
        @Schema(description = "idempotency key per profile: the same id again returns the first result")
        String messageId,
        @Schema(enumeration = {"explicit", "inferred", "bot"}, defaultValue = "explicit") String source,
        @Schema(description = "the memory type, chosen by the caller: the classifier is skipped (the console's "
                + "teach). Omitted: the classifier decides. summary cannot be given",
                enumeration = {"long_term_preference", "project_negative", "project_advance", "project_positive",
                        "market_info", "temp_status"}) String type) {

    /** The command of a single add or of one batch item; every invalid value is named by its field at once. */
    public AddFeedbackCommand toCommand(String profileId) {
        Validation v = new Validation();
        v.profileId("profile_id", profileId);
        FeedbackFields fields = FeedbackFields.read(v, message, createdAt, sessionId, messageId, source, type);
        v.check();
        return fields.toCommand(profileId);
    }
}
