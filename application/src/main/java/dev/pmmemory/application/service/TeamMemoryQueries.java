package dev.pmmemory.application.service;

import dev.pmmemory.application.InvalidInputException;
import dev.pmmemory.application.TeamOwner;
import dev.pmmemory.application.port.in.ListMemories;
import dev.pmmemory.application.port.in.ListMemoriesQuery;
import dev.pmmemory.application.port.in.MemoryPage;
import dev.pmmemory.application.port.in.MemoryView;
import dev.pmmemory.application.port.in.ReadTeamMemories;
import dev.pmmemory.application.port.in.TeamMemoryPage;
import dev.pmmemory.application.port.in.TeamMemoryView;
import dev.pmmemory.application.port.in.TeamShare;
import dev.pmmemory.application.port.out.MemoryStore;
import dev.pmmemory.application.port.out.TeamAuthor;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;

/** A team's memories read as a profile's are (the same use case), each with the members behind it. */
public final class TeamMemoryQueries implements ReadTeamMemories {
    private final MemoryStore store;
    private final ListMemories memories;

    public TeamMemoryQueries(MemoryStore store, ListMemories memories) {
        this.store = store;
        this.memories = memories;
    }

    @Override
    public TeamMemoryPage list(String teamId, ListMemoriesQuery query) {
        if (!TeamOwner.of(teamId).equals(query.profileId())) {
            throw new InvalidInputException(List.of(new InvalidInputException.FieldError("team_id",
                    "the query reads another owner's memories")));
        }
        MemoryPage page = memories.list(query);
        List<String> ids = page.items().stream().map(v -> v.memory().id()).toList();
        Map<String, List<String>> authors = byMemory(store.read(tx -> tx.teams().authorsOf(teamId, ids)));
        return new TeamMemoryPage(teamId, page.items().stream()
                .map(v -> new TeamMemoryView(v, new TeamShare(teamId, authors.getOrDefault(v.memory().id(), List.of()))))
                .toList(), page.nextCursor());
    }

    /** One view of a team memory with its authors. */
    static TeamMemoryView view(String teamId, MemoryView view, List<TeamAuthor> authors) {
        return new TeamMemoryView(view, new TeamShare(teamId, authorIds(authors)));
    }

    /** The authors' profile ids, each once, in order. */
    static List<String> authorIds(List<TeamAuthor> authors) {
        return authors.stream().map(TeamAuthor::profileId).distinct().sorted().toList();
    }

    /** Authors by memory id. */
    static Map<String, List<String>> byMemory(List<TeamAuthor> authors) {
        return authors.stream().collect(Collectors.groupingBy(TeamAuthor::memoryId,
                Collectors.collectingAndThen(Collectors.toList(), TeamMemoryQueries::authorIds)));
    }
}
