package dev.pmmemory.adapters.rest.dto;

import dev.pmmemory.application.port.in.TeamSummary;
import io.quarkus.runtime.annotations.RegisterForReflection;
import java.util.List;
import org.eclipse.microprofile.openapi.annotations.media.Schema;

/** A team: its members and how many team memories it holds. */
@RegisterForReflection
@Schema(name = "Team")
public record TeamResponse(
        String teamId,
        @Schema(description = "the members' profile ids, in byte order") List<String> members,
        @Schema(description = "team memories visible now", minimum = "0") long activeMemories,
        @Schema(description = "team memories proposed and waiting for confirm or reject (counted up to 1000)",
                minimum = "0") long pendingMemories) {

    public static TeamResponse of(TeamSummary t) {
        return new TeamResponse(t.teamId(), t.members(), t.activeMemories(), t.pendingMemories());
    }
}
