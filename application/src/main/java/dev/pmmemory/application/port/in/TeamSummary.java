package dev.pmmemory.application.port.in;

import java.util.List;

/**
 * A team as {@code GET /v1/teams/{t}} shows it.
 *
 * @param activeMemories  team memories visible now
 * @param pendingMemories team memories proposed and waiting for confirm or reject
 */
public record TeamSummary(String teamId, List<String> members, long activeMemories, long pendingMemories) {
    public TeamSummary {
        members = List.copyOf(members);
    }
}
