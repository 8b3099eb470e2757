package dev.pmmemory.domain.recall;

/** The four factors of a score (DOMAIN.md §6), each in [0, 1], returned so a bad ranking can be diagnosed. */
public record ScoreFactors(double keywordMatch, double recencyDecay, double typePriority, double weightNormalized) {

    static final double KEYWORD_WEIGHT = 0.4;
    static final double RECENCY_WEIGHT = 0.2;
    static final double PRIORITY_WEIGHT = 0.3;
    static final double WEIGHT_WEIGHT = 0.1;

    /** The weighted sum, capped at 1: with every factor at 1 the floating-point sum can come out a hair above it. */
    public double score() {
        return Math.min(1.0, KEYWORD_WEIGHT * keywordMatch
                + RECENCY_WEIGHT * recencyDecay
                + PRIORITY_WEIGHT * typePriority
                + WEIGHT_WEIGHT * weightNormalized);
    }
}
