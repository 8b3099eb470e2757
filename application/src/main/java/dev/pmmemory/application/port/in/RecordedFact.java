package dev.pmmemory.application.port.in;

import dev.pmmemory.domain.fact.Fact;
import java.util.List;
import java.util.Optional;

/**
 * What a PUT did.
 *
 * @param fact       the new version, or the current one when the value was the same
 * @param created    whether a version was stored (false: the same value again, nothing changed)
 * @param closed     the previous version as closed by this one, if it was open
 * @param redactions the kinds of secret replaced in the value
 */
public record RecordedFact(Fact fact, boolean created, Optional<Fact> closed, List<String> redactions) {
    public RecordedFact {
        redactions = List.copyOf(redactions);
    }
}
