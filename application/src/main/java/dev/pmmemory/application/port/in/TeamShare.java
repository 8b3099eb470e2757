package dev.pmmemory.application.port.in;

import java.util.List;

/**
 * What makes a memory a team's: the team and the members behind it (who recorded it, or whose own memories
 * made the consensus that proposed it), by profile id.
 */
public record TeamShare(String teamId, List<String> authors) {
    public TeamShare {
        authors = List.copyOf(authors);
    }
}
