package dev.pmmemory.application.port.out;

import java.time.Instant;
import java.util.Collection;
import java.util.List;

/**
 * Teams, their members and who stands behind each team memory (docs/rules.md §12). Used inside a
 * {@link MemoryStore} transaction; a team's writes hold the write lock of its owner id
 * ({@link dev.pmmemory.application.TeamOwner}).
 */
public interface Teams {

    /** Makes the profile a member of the team; false when it was one already (nothing changes then). */
    boolean addMember(String teamId, String profileId, Instant at);

    /** Ends the profile's membership; false when it was no member. */
    boolean removeMember(String teamId, String profileId);

    /** The team's members, by profile id. */
    List<String> members(String teamId);

    /** The teams the profile is a member of, by team id. */
    List<String> teamsOf(String profileId);

    /** Records an author of a team memory; a second record of the same author and memory changes nothing. */
    void addAuthor(TeamAuthor author);

    /** Ends the profile's authorship of a team memory; false when it was no author of it. */
    boolean removeAuthor(String teamId, String memoryId, String profileId);

    /** The authors of these memories of the team, by memory id then profile id. */
    List<TeamAuthor> authorsOf(String teamId, Collection<String> memoryIds);

    /** What the profile contributed to team memories, by team, memory and profile id. */
    List<TeamAuthor> contributionsOf(String profileId);

    /** Erase (data rights): the profile's memberships and authorships go; returns how many rows. */
    int removeProfile(String profileId);
}
