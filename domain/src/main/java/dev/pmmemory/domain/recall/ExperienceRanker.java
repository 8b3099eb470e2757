package dev.pmmemory.domain.recall;

import dev.pmmemory.domain.experience.Experience;
import dev.pmmemory.domain.text.Jaccard;
import java.time.Instant;
import java.util.Comparator;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/**
 * Ranks a profile's experiences for a query (rules.md §10): the score of §6 with the importance
 * in place of type_priority, recency from created_at, and weight 1 (an experience is one lesson;
 * nothing reinforces it). Only relevant experiences are recalled: those sharing at least one term
 * (a keyword or an entity) with the query, so an empty query recalls none. Experiences recorded
 * after {@code asOf} did not exist yet and are left out.
 */
public final class ExperienceRanker {
    /** Every experience counts once: weight_normalized is min(1 / 10, 1) = 0.1. */
    static final int WEIGHT = 1;

    private static final Comparator<ScoredExperience> ORDER = ContextRanker.order(ScoredExperience::score,
            s -> s.experience().createdAt(), s -> s.experience().id());

    /**
     * @param queryTerms the query's keywords and entities
     * @param candidates experiences of one profile (any that share no term or come after asOf are dropped here)
     * @param limit      at most this many, best first; at least 1
     */
    public List<ScoredExperience> rank(Set<String> queryTerms, List<Experience> candidates, Instant asOf, int limit) {
        if (limit < 1) {
            throw new IllegalArgumentException("limit must be >= 1");
        }
        return candidates.stream()
                .filter(e -> !e.createdAt().isAfter(asOf))
                .map(e -> score(e, queryTerms, asOf))
                .filter(s -> s.factors().keywordMatch() > 0)
                .sorted(ORDER)
                .limit(limit)
                .toList();
    }

    public ScoredExperience score(Experience e, Set<String> queryTerms, Instant asOf) {
        double jaccard = Jaccard.similarity(queryTerms, new HashSet<>(e.keywords()));
        ScoreFactors factors = ContextRanker.factors(jaccard, e.importance(), WEIGHT, e.createdAt(), asOf);
        return new ScoredExperience(e, factors.score(), factors);
    }
}
