package dev.pmmemory.domain.derive;

import java.util.List;
import java.util.Objects;

/**
 * A long-term preference a pattern suggests, for a person to confirm or reject.
 *
 * @param rule      the name of the rule (or proposer) that saw the pattern
 * @param content   the preference's text
 * @param rationale why, in words a person reads: the reason, the entities, the dates
 * @param evidence  the ids of the memories that show the pattern, sorted
 */
public record DerivedProposal(String rule, String content, String rationale, List<String> evidence) {
    public DerivedProposal {
        Objects.requireNonNull(rule, "rule");
        Objects.requireNonNull(content, "content");
        Objects.requireNonNull(rationale, "rationale");
        evidence = evidence.stream().sorted().distinct().toList();
        if (evidence.isEmpty()) {
            throw new IllegalArgumentException("a proposal has evidence");
        }
    }
}
