package dev.pmmemory.adapters.rest.dto;

import dev.pmmemory.application.port.in.RecordedTurn;
import io.quarkus.runtime.annotations.RegisterForReflection;
import java.time.Instant;
import java.util.List;
import org.eclipse.microprofile.openapi.annotations.media.Schema;

/** The answer to POST session turns: the turn as stored and when the session now expires. */
@RegisterForReflection
@Schema(name = "TurnResponse")
public record TurnResponse(
        String sessionId,
        @Schema(enumeration = {"user", "assistant", "system"}) String role,
        @Schema(description = "as stored: secrets replaced by [REDACTED:<kind>]") String content,
        @Schema(nullable = true) String profileId,
        Instant createdAt,
        @Schema(description = "the whole session expires then unless written to again") Instant expiresAt,
        @Schema(description = "kinds of secret removed before storing, e.g. api_key") List<String> redactions) {

    public static TurnResponse of(RecordedTurn r) {
        return new TurnResponse(r.turn().sessionId(), r.turn().role().wireName(), r.turn().content(),
                r.turn().profileId(), r.turn().createdAt(), r.expiresAt(), r.redactions());
    }
}
