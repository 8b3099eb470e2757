package dev.pmmemory.domain.recall;

import static dev.pmmemory.domain.formula.Expression.column;
import static dev.pmmemory.domain.formula.Expression.constant;
import static dev.pmmemory.domain.formula.Expression.exp;
import static dev.pmmemory.domain.formula.Expression.greatest;
import static dev.pmmemory.domain.formula.Expression.least;
import static dev.pmmemory.domain.formula.Expression.parameter;

import dev.pmmemory.domain.formula.Column;
import dev.pmmemory.domain.formula.Expression;
import dev.pmmemory.domain.formula.Parameter;
import dev.pmmemory.domain.memory.MemoryType;
import java.time.Duration;
import java.util.EnumMap;
import java.util.Map;

/**
 * The score of docs/rules.md §6, stated once: the ranker evaluates it in Java, and a store renders the
 * same expressions in SQL to order the memories sharing a query term where they are
 * ({@link SharerRanking}). Each factor is in [0, 1]:
 *
 * <pre>
 * score = min(1, 0.4 · keyword_match + 0.2 · recency_decay + 0.3 · type_priority + 0.1 · weight_normalized)
 * keyword_match     = max(J, 0.3 for a long-term preference, else 0), J the query's and the memory's set similarity
 * recency_decay     = e^(−max(0, as_of − last_seen_at in days) / 30)
 * type_priority     = the lexicon's priority of the type
 * weight_normalized = min(weight / 10, 1)
 * </pre>
 *
 * With the optional use factor on ({@link UseFactor}), {@link #SCORE_WITH_USE} adds its weighted fifth factor.
 */
public final class RankingFormula {
    static final double KEYWORD_WEIGHT = 0.4;
    static final double RECENCY_WEIGHT = 0.2;
    static final double PRIORITY_WEIGHT = 0.3;
    static final double WEIGHT_WEIGHT = 0.1;
    /** A long-term preference's keyword_match is at least this (so a preference starts at ≥ 0.42). */
    static final double PREFERENCE_KEYWORD_FLOOR = 0.3;
    static final double RECENCY_SCALE_DAYS = 30.0;
    /** weight_normalized = min(weight / 10, 1): repeats beyond ten add nothing ({@link RecallPolicy#weightBucket}). */
    static final int WEIGHT_SATURATION = 10;
    static final double MILLIS_PER_DAY = Duration.ofDays(1).toMillis();

    /** The score over the four factors ({@link Column#KEYWORD_MATCH} … {@link Column#WEIGHT_NORMALIZED}). */
    public static final Expression SCORE = least(constant(1.0), constant(KEYWORD_WEIGHT).times(column(Column.KEYWORD_MATCH))
            .plus(constant(RECENCY_WEIGHT).times(column(Column.RECENCY_DECAY)))
            .plus(constant(PRIORITY_WEIGHT).times(column(Column.TYPE_PRIORITY)))
            .plus(constant(WEIGHT_WEIGHT).times(column(Column.WEIGHT_NORMALIZED))));

    /**
     * The score with the fifth factor, use, weighted by {@link Parameter#USE_WEIGHT}: {@link #SCORE} plus
     * weight · use, capped at 1 likewise. Only with the use factor on: off, the score is {@link #SCORE}.
     */
    public static final Expression SCORE_WITH_USE = least(constant(1.0), constant(KEYWORD_WEIGHT)
            .times(column(Column.KEYWORD_MATCH))
            .plus(constant(RECENCY_WEIGHT).times(column(Column.RECENCY_DECAY)))
            .plus(constant(PRIORITY_WEIGHT).times(column(Column.TYPE_PRIORITY)))
            .plus(constant(WEIGHT_WEIGHT).times(column(Column.WEIGHT_NORMALIZED)))
            .plus(parameter(Parameter.USE_WEIGHT).times(column(Column.USE))));

    /**
     * use = min(recall_count, cap) / cap · e^(−ln 2 · max(0, as_of − last_recalled_at) / half_life(type)):
     * the capped count halving every half-life of the type since the last recall. 0 when never recalled
     * (the count is 0; last_recalled_at reads 0 then).
     */
    public static Expression use(UseFactor factor) {
        Map<String, Expression> perMilli = new java.util.HashMap<>();
        factor.halfLives().forEach((type, halfLife) -> perMilli.put(type.wireName(),
                constant(Math.log(2) / halfLife.toMillis())));
        Expression sinceLastRecall = greatest(constant(0.0),
                parameter(Parameter.AS_OF).minus(column(Column.LAST_RECALLED_AT)));
        return least(column(Column.RECALL_COUNT), constant(factor.cap())).over(constant(factor.cap()))
                .times(exp(sinceLastRecall.times(new Expression.ByType(perMilli, constant(0.0))).negated()));
    }

    /** keyword_match from a similarity before the floor (in the {@link Column#KEYWORD_MATCH} column) and the type. */
    public static final Expression FLOORED_KEYWORD_MATCH = greatest(column(Column.KEYWORD_MATCH),
            new Expression.ByType(Map.of(MemoryType.LONG_TERM_PREFERENCE.wireName(), constant(PREFERENCE_KEYWORD_FLOOR)),
                    constant(0.0)));

    /** The set similarity of a memory sharing {@link Column#SHARED_TERMS} of the query's terms, from the counts. */
    public static final Expression SIMILARITY_FROM_COUNTS = column(Column.SHARED_TERMS)
            .over(parameter(Parameter.QUERY_TERMS).plus(column(Column.TERM_COUNT)).minus(column(Column.SHARED_TERMS)));

    public static final Expression RECENCY_DECAY = exp(greatest(constant(0.0),
            parameter(Parameter.AS_OF).minus(column(Column.LAST_SEEN_AT)).over(constant(MILLIS_PER_DAY)))
            .negated().over(constant(RECENCY_SCALE_DAYS)));

    public static final Expression WEIGHT_NORMALIZED = least(column(Column.WEIGHT).over(constant(WEIGHT_SATURATION)),
            constant(1.0));

    private RankingFormula() {
    }

    /** type_priority: the priority of each type, 0 for one not given. */
    public static Expression typePriority(Map<MemoryType, Double> priorities) {
        Map<String, Expression> cases = new java.util.HashMap<>();
        priorities.forEach((type, priority) -> cases.put(type.wireName(), constant(priority)));
        return new Expression.ByType(cases, constant(0.0));
    }

    /**
     * The score of a memory sharing query terms from its stored columns (type, weight, last_seen_at,
     * term_count) and its count of shared terms: what a store computes where the rows are.
     */
    public static Expression sharerScore(Map<MemoryType, Double> priorities) {
        Map<Column, Expression> factors = new EnumMap<>(Column.class);
        factors.put(Column.KEYWORD_MATCH, FLOORED_KEYWORD_MATCH.replacing(Map.of(Column.KEYWORD_MATCH,
                SIMILARITY_FROM_COUNTS)));
        factors.put(Column.RECENCY_DECAY, RECENCY_DECAY);
        factors.put(Column.TYPE_PRIORITY, typePriority(priorities));
        factors.put(Column.WEIGHT_NORMALIZED, WEIGHT_NORMALIZED);
        return SCORE.replacing(factors);
    }
}
