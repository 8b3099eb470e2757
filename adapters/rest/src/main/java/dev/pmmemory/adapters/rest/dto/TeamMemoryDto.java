package dev.pmmemory.adapters.rest.dto;

import dev.pmmemory.application.port.in.TeamMemoryView;
import io.quarkus.runtime.annotations.RegisterForReflection;
import java.util.List;
import org.eclipse.microprofile.openapi.annotations.media.Schema;

/** A team memory with the members behind it; its profile_id is the team's owner id ({@code ~team:} and the team id). */
@RegisterForReflection
@Schema(name = "TeamMemory")
public class TeamMemoryDto extends MemoryDto {
    @Schema(enumeration = {"team"}, description = "always team: the memory is the team's")
    public final String scope = "team";
    public final String teamId;
    @Schema(description = "the members behind it: who recorded it, or whose own memories made the consensus that "
            + "proposed it, by profile id")
    public final List<String> authors;

    public TeamMemoryDto(TeamMemoryView v) {
        super(v.view());
        this.teamId = v.share().teamId();
        this.authors = v.share().authors();
    }
}
