package dev.pmmemory.application.port.in;

import java.time.Instant;
import java.util.List;

/**
 * @param turn       the turn as stored (content redacted)
 * @param expiresAt  when the whole session now expires unless written to again
 * @param redactions kinds of secret removed before storing, e.g. "api_key"
 */
public record RecordedTurn(SessionTurn turn, Instant expiresAt, List<String> redactions) {
    public RecordedTurn {
        redactions = List.copyOf(redactions);
    }
}
