package dev.pmmemory.application.port.in;

import dev.pmmemory.application.model.FeedbackOutcome;

import java.util.List;
import java.util.Optional;

/**
 * @param memory      empty when the message was unclassified
 * @param superseded  ids of memories this message superseded (wholly or for some entities)
 * @param redactions  kinds of secret removed before storing, e.g. "api_key"
 * @param authorTeams the teams the author belonged to when the add committed, read in its transaction when the
 *                    memory is one a team's consensus counts (docs/rules.md "Teams"); empty otherwise
 */
public record FeedbackResult(String rawMessageId, FeedbackOutcome outcome, Optional<MemoryView> memory,
                             List<String> superseded, List<String> redactions, List<String> authorTeams) {
    public FeedbackResult {
        superseded = List.copyOf(superseded);
        redactions = List.copyOf(redactions);
        authorTeams = List.copyOf(authorTeams);
    }

    public FeedbackResult(String rawMessageId, FeedbackOutcome outcome, Optional<MemoryView> memory,
                          List<String> superseded, List<String> redactions) {
        this(rawMessageId, outcome, memory, superseded, redactions, List.of());
    }

    public FeedbackResult withAuthorTeams(List<String> teams) {
        return new FeedbackResult(rawMessageId, outcome, memory, superseded, redactions, teams);
    }
}
