package dev.pmmemory.application.port.in;

/** Team membership (docs/rules.md §12). */
public interface ManageTeams {

    /** Makes the profile a member; nothing changes when it is one already. Audited as the service's. */
    default TeamSummary addMember(String teamId, String profileId) {
        return addMember(teamId, profileId, AuditEvent.SYSTEM);
    }

    /** Makes the profile a member, audited in the team's trail as {@code actor}'s; nothing changes when it is one. */
    TeamSummary addMember(String teamId, String profileId, String actor);

    /** Ends the profile's membership; 404 when it was no member. Audited as the service's. */
    default TeamSummary removeMember(String teamId, String profileId) {
        return removeMember(teamId, profileId, AuditEvent.SYSTEM);
    }

    /**
     * Ends the profile's membership, audited in the team's trail as {@code actor}'s, and re-counts the team's
     * pending proposals it backed (docs/rules.md §12); 404 when it was no member.
     */
    TeamSummary removeMember(String teamId, String profileId, String actor);

    /** The team with its members and counts; 404 when it has neither members nor memories. */
    TeamSummary describe(String teamId);

    /** Whether the profile is a member of the team now (a team-scoped key's reach). */
    boolean isMember(String teamId, String profileId);
}
