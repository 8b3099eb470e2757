package dev.pmmemory.application.port.in;

/** Team memories: decisions made as a team, and the team's memories read and settled as a profile's are. */
public interface RecordTeamDecision {

    /** Files a team decision; 400 naming {@code author} when the author is no member of the team. */
    TeamFeedbackResult record(TeamDecisionCommand command);
}
