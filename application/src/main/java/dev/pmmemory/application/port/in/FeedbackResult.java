package dev.pmmemory.application.port.in;

import dev.pmmemory.application.model.FeedbackOutcome;

import java.util.List;
import java.util.Optional;

/**
 * @param memory      empty when the message was unclassified
 * @param superseded  ids of memories this message superseded (wholly or for some entities)
 * @param redactions  kinds of secret removed before storing, e.g. "api_key"
 */
public record FeedbackResult(String rawMessageId, FeedbackOutcome outcome, Optional<MemoryView> memory,
                             List<String> superseded, List<String> redactions) {
    public FeedbackResult {
        superseded = List.copyOf(superseded);
        redactions = List.copyOf(redactions);
    }
}
