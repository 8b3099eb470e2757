package dev.pmmemory.adapters.rest.dto;

import dev.pmmemory.application.Validation;
import dev.pmmemory.application.model.TurnRole;
import dev.pmmemory.application.port.in.RecordTurnCommand;
import io.quarkus.runtime.annotations.RegisterForReflection;
import org.eclipse.microprofile.openapi.annotations.media.Schema;

/** The body of POST session turns. Values arrive as text and are read here, every bad field named at once. */
@RegisterForReflection
@Schema(name = "TurnRequest")
public record TurnRequest(
        @Schema(required = true, enumeration = {"user", "assistant", "system"}) String role,
        @Schema(required = true, maxLength = 4000, examples = "OpenAI 最近估值怎么样？") String content,
        @Schema(nullable = true, description = "the profile the conversation is with; required for a key "
                + "limited to some profiles, and covered by it") String profileId) {

    /** The turn of session {@code sessionId}; every invalid field is named at once. */
    public RecordTurnCommand toCommand(String sessionId) {
        Validation v = new Validation();
        RecordTurnCommand.check(v, sessionId, content, profileId);
        TurnRole r = role == null ? null : v.optionalEnum("role", role, TurnRole::fromWireName, TurnRole.WIRE_NAMES);
        if (role == null) {
            v.fail("role", "is required: one of " + TurnRole.WIRE_NAMES);
        }
        v.check();
        return new RecordTurnCommand(sessionId, r, content, profileId);
    }
}
