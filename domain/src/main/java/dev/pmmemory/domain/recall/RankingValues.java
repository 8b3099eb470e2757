package dev.pmmemory.domain.recall;

import dev.pmmemory.domain.formula.Column;
import dev.pmmemory.domain.formula.Parameter;
import dev.pmmemory.domain.formula.Values;
import dev.pmmemory.domain.memory.MemoryType;

/**
 * What {@link RankingFormula} reads of one scored item in Java: its ranking columns, the factors known so
 * far and the instant asked (epoch ms). A value not given is NaN.
 */
record RankingValues(MemoryType type, double weight, double lastSeenAt, double termCount, double sharedTerms,
                     double keywordMatch, double asOf, double queryTerms, ScoreFactors factors, double recallCount,
                     double lastRecalledAt) implements Values {

    RankingValues(MemoryType type, double weight, double lastSeenAt, double termCount, double sharedTerms,
                  double keywordMatch, double asOf, double queryTerms, ScoreFactors factors) {
        this(type, weight, lastSeenAt, termCount, sharedTerms, keywordMatch, asOf, queryTerms, factors, Double.NaN,
                Double.NaN);
    }

    /** For the use factor of a memory of that type recalled {@code count} times, last at {@code lastRecalledAt}. */
    static RankingValues ofUse(MemoryType type, long count, long lastRecalledAt, long asOf) {
        return new RankingValues(type, Double.NaN, Double.NaN, Double.NaN, Double.NaN, Double.NaN, asOf, Double.NaN,
                null, count, lastRecalledAt);
    }

    /** For the recency and weight factors of an item seen last at {@code lastSeenAt}, asked at {@code asOf}. */
    static RankingValues of(MemoryType type, double keywordMatch, int weight, long lastSeenAt, long asOf) {
        return new RankingValues(type, weight, lastSeenAt, Double.NaN, Double.NaN, keywordMatch, asOf, Double.NaN, null);
    }

    /** For a term sharer's score from its counts. */
    static RankingValues ofSharer(MemoryType type, int weight, long lastSeenAt, int sharedTerms, int termCount,
                                  long asOf, int queryTerms) {
        return new RankingValues(type, weight, lastSeenAt, termCount, sharedTerms, Double.NaN, asOf, queryTerms, null);
    }

    /** For the score over known factors. */
    static RankingValues of(ScoreFactors factors) {
        return new RankingValues(null, Double.NaN, Double.NaN, Double.NaN, Double.NaN, Double.NaN, Double.NaN,
                Double.NaN, factors);
    }

    @Override
    public boolean has(Column column) {
        return true;
    }

    @Override
    public double number(Column column) {
        return switch (column) {
            case WEIGHT -> weight;
            case LAST_SEEN_AT -> lastSeenAt;
            case TERM_COUNT -> termCount;
            case SHARED_TERMS -> sharedTerms;
            case KEYWORD_MATCH -> factors != null ? factors.keywordMatch() : keywordMatch;
            case RECENCY_DECAY -> factors.recencyDecay();
            case TYPE_PRIORITY -> factors.typePriority();
            case WEIGHT_NORMALIZED -> factors.weightNormalized();
            case USE -> factors.use();
            case RECALL_COUNT -> recallCount;
            case LAST_RECALLED_AT -> lastRecalledAt;
            default -> Double.NaN;
        };
    }

    @Override
    public String text(Column column) {
        return column == Column.TYPE && type != null ? type.wireName() : null;
    }

    @Override
    public double parameter(Parameter parameter) {
        return switch (parameter) {
            case AS_OF -> asOf;
            case QUERY_TERMS -> queryTerms;
            case USE_WEIGHT -> factors != null ? factors.useWeight() : Double.NaN;
            default -> Double.NaN;
        };
    }
}
