package dev.pmmemory.application.port.in;

/** A team's memories, newest first, cursor-paged, each with the members behind it. */
public interface ReadTeamMemories {

    /** As {@link ListMemories} for the team's owner id; the query's profile id is the team's owner id. */
    TeamMemoryPage list(String teamId, ListMemoriesQuery query);
}
