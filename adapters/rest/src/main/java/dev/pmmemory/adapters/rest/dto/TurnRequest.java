package dev.pmmemory.adapters.rest.dto;

import io.quarkus.runtime.annotations.RegisterForReflection;
import org.eclipse.microprofile.openapi.annotations.media.Schema;

/** The body of POST session turns. Values arrive as text and are validated by the command, field by field. */
@RegisterForReflection
@Schema(name = "TurnRequest")
public record TurnRequest(
        @Schema(required = true, enumeration = {"user", "assistant", "system"}) String role,
        @Schema(required = true, maxLength = 4000, examples = "OpenAI 最近估值怎么样？") String content,
        @Schema(nullable = true, description = "the profile the conversation is with; required for a key "
                + "limited to some profiles, and covered by it") String profileId) {
}
