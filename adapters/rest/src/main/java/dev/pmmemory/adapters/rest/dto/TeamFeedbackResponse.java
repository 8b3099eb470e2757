package dev.pmmemory.adapters.rest.dto;

import dev.pmmemory.application.port.in.TeamFeedbackResult;
import dev.pmmemory.application.port.in.TeamShare;
import io.quarkus.runtime.annotations.RegisterForReflection;
import java.util.List;
import org.eclipse.microprofile.openapi.annotations.media.Schema;

/** A team decision filed: what any feedback answers, with the team memory's authors. */
@RegisterForReflection
@Schema(name = "TeamFeedbackResponse")
public record TeamFeedbackResponse(
        String teamId,
        String rawMessageId,
        @Schema(enumeration = {"created", "deduplicated", "replayed", "pending", "unclassified"}) String outcome,
        @Schema(nullable = true, description = "null when unclassified") MemoryDto memory,
        @Schema(description = "the team memory's authors, by profile id; empty when unclassified") List<String> authors,
        @Schema(description = "ids of the team memories this decision superseded") List<String> superseded,
        List<String> redactions) {

    public static TeamFeedbackResponse of(String teamId, TeamFeedbackResult r) {
        FeedbackResponse f = FeedbackResponse.of(r.feedback());
        return new TeamFeedbackResponse(teamId, f.rawMessageId(), f.outcome(), f.memory(),
                r.share().map(TeamShare::authors).orElse(List.of()), f.superseded(), f.redactions());
    }
}
