package dev.pmmemory.application.port.in;

import dev.pmmemory.application.TeamOwner;
import dev.pmmemory.application.Validation;
import java.util.Objects;

/**
 * A decision made as a team ({@code POST /v1/teams/{t}/feedback}): the message as any feedback, stored
 * under the team's owner id, with the member who states it.
 *
 * @param author   the member who states it, by profile id
 * @param feedback the message, filed under {@link TeamOwner#of(String) the team's owner id}
 */
public record TeamDecisionCommand(String teamId, String author, AddFeedbackCommand feedback) {

    public TeamDecisionCommand {
        Validation v = new Validation();
        v.teamId("team_id", teamId);
        v.profileId("author", author);
        v.check();
        Objects.requireNonNull(feedback, "feedback");
        if (!feedback.profileId().equals(TeamOwner.of(teamId))) {
            throw new IllegalArgumentException("a team decision is filed under its team's owner id");
        }
    }
}
