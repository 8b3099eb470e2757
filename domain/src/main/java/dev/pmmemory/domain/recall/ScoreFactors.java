package dev.pmmemory.domain.recall;

/** The four factors of a score (docs/rules.md §6), each in [0, 1], returned so a bad ranking can be diagnosed. */
public record ScoreFactors(double keywordMatch, double recencyDecay, double typePriority, double weightNormalized) {

    /** {@link RankingFormula#SCORE} over these factors. */
    public double score() {
        return RankingFormula.SCORE.evaluate(RankingValues.of(this));
    }
}
