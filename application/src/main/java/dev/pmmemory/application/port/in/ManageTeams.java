package dev.pmmemory.application.port.in;

/** Team membership (docs/rules.md §12). */
public interface ManageTeams {

    /** Makes the profile a member; nothing changes when it is one already. */
    TeamSummary addMember(String teamId, String profileId);

    /** Ends the profile's membership; 404 when it was no member. */
    TeamSummary removeMember(String teamId, String profileId);

    /** The team with its members and counts; 404 when it has neither members nor memories. */
    TeamSummary describe(String teamId);

    /** Whether the profile is a member of the team now (a team-scoped key's reach). */
    boolean isMember(String teamId, String profileId);
}
