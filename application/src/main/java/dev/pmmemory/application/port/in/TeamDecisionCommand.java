package dev.pmmemory.application.port.in;

import dev.pmmemory.application.InvalidInputException;
import dev.pmmemory.application.TeamOwner;
import dev.pmmemory.application.Validation;

/**
 * A decision made as a team ({@code POST /v1/teams/{t}/feedback}): the message as any feedback, stored
 * under the team's owner id, with the member who states it.
 *
 * @param author the member who states it, by profile id
 */
public record TeamDecisionCommand(String teamId, String author, AddFeedbackCommand feedback) {

    /** From raw wire values (any may be null); every invalid field is reported at once. */
    public static TeamDecisionCommand of(String teamId, String author, String message, String createdAt,
                                         String sessionId, String messageId, String source, String type,
                                         String actor, String agent) {
        Validation v = new Validation();
        v.teamId("team_id", teamId);
        String validAuthor = v.profileId("author", author);
        AddFeedbackCommand wire = null;
        try {
            // the message's fields validated as any feedback's (the wire form), then filed under the team
            wire = AddFeedbackCommand.of(validAuthor == null ? "author" : validAuthor, message, createdAt,
                    sessionId, messageId, source, type);
        } catch (InvalidInputException e) {
            e.errors().forEach(err -> v.fail(err.field(), err.message()));
        }
        v.check();
        AddFeedbackCommand feedback = new AddFeedbackCommand(TeamOwner.of(teamId), wire.message(), wire.createdAt(),
                wire.sessionId(), wire.messageId(), wire.source(), wire.type(), actor, agent);
        return new TeamDecisionCommand(teamId, author, feedback);
    }
}
