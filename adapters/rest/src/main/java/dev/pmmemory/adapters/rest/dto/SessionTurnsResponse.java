package dev.pmmemory.adapters.rest.dto;

import io.quarkus.runtime.annotations.RegisterForReflection;
import java.time.Instant;
import java.util.List;
import org.eclipse.microprofile.openapi.annotations.media.Schema;

/** The last turns of a session, oldest first. */
@RegisterForReflection
@Schema(name = "SessionTurns")
public record SessionTurnsResponse(
        String sessionId,
        @Schema(description = "oldest first; empty when the session is unknown or expired") List<TurnDto> turns,
        @Schema(nullable = true, description = "null when the session is unknown or expired") Instant expiresAt) {
}
