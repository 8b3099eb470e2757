package dev.pmmemory.adapters.rest.dto;

import dev.pmmemory.application.port.in.SessionTurn;
import io.quarkus.runtime.annotations.RegisterForReflection;
import java.time.Instant;
import org.eclipse.microprofile.openapi.annotations.media.Schema;

/** One turn of a session on the wire; its content is redacted. */
@RegisterForReflection
@Schema(name = "Turn")
public record TurnDto(
        @Schema(enumeration = {"user", "assistant", "system"}) String role,
        String content,
        @Schema(nullable = true) String profileId,
        Instant createdAt) {

    public static TurnDto of(SessionTurn t) {
        return new TurnDto(t.role().wireName(), t.content(), t.profileId(), t.createdAt());
    }
}
