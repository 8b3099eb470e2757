package dev.pmmemory.domain.recall;

/** The four factors of a score (DOMAIN.md §6), each in [0, 1], returned so a bad ranking can be diagnosed. */
public record ScoreFactors(double keywordMatch, double recencyDecay, double typePriority, double weightNormalized) {

    static final double KEYWORD_WEIGHT = 0.4;
    static final double RECENCY_WEIGHT = 0.2;
    static final double PRIORITY_WEIGHT = 0.3;
    static final double WEIGHT_WEIGHT = 0.1;

    public double score() {
        return KEYWORD_WEIGHT * keywordMatch
                + RECENCY_WEIGHT * recencyDecay
                + PRIORITY_WEIGHT * typePriority
                + WEIGHT_WEIGHT * weightNormalized;
    }
}
