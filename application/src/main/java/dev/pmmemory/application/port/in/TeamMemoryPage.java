package dev.pmmemory.application.port.in;

import java.util.List;

/** A page of a team's memories, each with its authors. @param nextCursor null on the last page */
public record TeamMemoryPage(String teamId, List<TeamMemoryView> items, String nextCursor) {
    public TeamMemoryPage {
        items = List.copyOf(items);
    }
}
