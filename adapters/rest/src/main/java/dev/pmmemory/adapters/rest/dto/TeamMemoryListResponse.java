package dev.pmmemory.adapters.rest.dto;

import dev.pmmemory.application.port.in.TeamMemoryPage;
import io.quarkus.runtime.annotations.RegisterForReflection;
import java.util.List;
import org.eclipse.microprofile.openapi.annotations.media.Schema;

@RegisterForReflection
@Schema(name = "TeamMemoryList")
public record TeamMemoryListResponse(String teamId, List<TeamMemoryDto> items,
                                     @Schema(nullable = true, description = "pass as cursor for the next page; null on the last")
                                     String nextCursor) {
    public static TeamMemoryListResponse of(TeamMemoryPage page) {
        return new TeamMemoryListResponse(page.teamId(), page.items().stream().map(TeamMemoryDto::new).toList(),
                page.nextCursor());
    }
}
