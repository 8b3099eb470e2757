package dev.pmmemory.application.port.in;

import dev.pmmemory.domain.fact.Fact;
import java.time.Instant;
import java.util.List;

/** The facts valid at an instant, by attribute. */
public record FactsAt(Instant asOf, List<Fact> facts) {
    public FactsAt {
        facts = List.copyOf(facts);
    }
}
