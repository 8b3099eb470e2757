package dev.pmmemory.adapters.rest.dto;

import dev.pmmemory.adapters.rest.wire.FeedbackFields;
import dev.pmmemory.application.TeamOwner;
import dev.pmmemory.application.Validation;
import dev.pmmemory.application.port.in.TeamDecisionCommand;
import io.quarkus.runtime.annotations.RegisterForReflection;
import org.eclipse.microprofile.openapi.annotations.media.Schema;

/** The body of POST /v1/teams/{team_id}/feedback: a decision made as a team, with the member who states it. */
@RegisterForReflection
@Schema(name = "TeamFeedbackRequest")
public record TeamFeedbackRequest(
        @Schema(required = true, pattern = "[A-Za-z0-9_.:-]{1,128}", maxLength = 128,
                description = "the member who states it, by profile id", examples = "pm-zhang") String author,
        @Schema(required = true, maxLength = 4000, examples = "投决会决议：Anthropic 可以推进") String message,
        @Schema(description = "ISO-8601 with offset; default: when the service received it",
                examples = "2026-05-09T10:00:00Z") String createdAt,
        @Schema(nullable = true) String sessionId,
        @Schema(description = "idempotency key per team: the same id again returns the first result")
        String messageId,
        @Schema(enumeration = {"explicit", "inferred", "bot"}, defaultValue = "explicit") String source,
        @Schema(description = "the memory type, chosen by the caller: the classifier is skipped. Omitted: the "
                + "classifier decides. summary cannot be given",
                enumeration = {"long_term_preference", "project_negative", "project_advance", "project_positive",
                        "market_info", "temp_status"}) String type) {

    /** The decision, stored under the team's owner id; every invalid value is named by its field at once. */
    public TeamDecisionCommand toCommand(String teamId, String actor, String agent) {
        Validation v = new Validation();
        v.teamId("team_id", teamId);
        v.profileId("author", author);
        FeedbackFields fields = FeedbackFields.read(v, message, createdAt, sessionId, messageId, source, type);
        v.check();
        return new TeamDecisionCommand(teamId, author, fields.toCommand(TeamOwner.of(teamId)).by(actor, agent));
    }
}
