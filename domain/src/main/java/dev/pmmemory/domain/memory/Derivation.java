package dev.pmmemory.domain.memory;

import java.util.List;
import java.util.Objects;

/**
 * Why an inferred memory was proposed (docs/rules.md "Derived preferences").
 *
 * @param rule      the rule (or proposer) that saw the pattern
 * @param rationale the pattern in words a person reads
 * @param evidence  the ids of the memories that show it, sorted
 */
public record Derivation(String rule, String rationale, List<String> evidence) {
    public Derivation {
        Objects.requireNonNull(rule, "rule");
        Objects.requireNonNull(rationale, "rationale");
        evidence = List.copyOf(evidence);
    }
}
