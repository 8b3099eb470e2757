package dev.pmmemory.domain.recall;

import dev.pmmemory.domain.experience.Experience;

/**
 * A recalled experience with its score and factors. Experiences are scored like memories with
 * their importance in place of type_priority (rules.md §10): {@code factors.typePriority()} holds
 * the importance, and the wire calls it so.
 */
public record ScoredExperience(Experience experience, double score, ScoreFactors factors) {
}
