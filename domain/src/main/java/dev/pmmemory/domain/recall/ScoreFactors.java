package dev.pmmemory.domain.recall;

/**
 * The factors of a score (docs/rules.md §6), each in [0, 1], returned so a bad ranking can be diagnosed: the
 * four of §6 and, with the use factor on ({@link UseFactor}), use with its weight in the score.
 *
 * @param use       the fifth factor; 0 with the use factor off
 * @param useWeight its weight in the score; 0 with the use factor off (the score of §6, to the last bit)
 */
public record ScoreFactors(double keywordMatch, double recencyDecay, double typePriority, double weightNormalized,
                           double use, double useWeight) {

    /** The four factors of §6, without use. */
    public ScoreFactors(double keywordMatch, double recencyDecay, double typePriority, double weightNormalized) {
        this(keywordMatch, recencyDecay, typePriority, weightNormalized, 0.0, 0.0);
    }

    /** {@link RankingFormula#SCORE} over these factors, or {@link RankingFormula#SCORE_WITH_USE} when use weighs. */
    public double score() {
        return (useWeight == 0.0 ? RankingFormula.SCORE : RankingFormula.SCORE_WITH_USE)
                .evaluate(RankingValues.of(this));
    }
}
