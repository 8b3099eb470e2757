package dev.pmmemory.domain.formula;

/**
 * The stored columns of a memory a rule of the domain reads (ranking, visibility), named once so that a
 * store can render the rule over its own columns and Java can evaluate it over a memory. Times are epoch
 * milliseconds; a store without a value stores NULL (or, for {@link #EXPIRES_AT}, its "no expiry" sentinel).
 */
public enum Column {
    /** The type's wire name. */
    TYPE,
    /** The status's wire name. */
    STATUS,
    WEIGHT,
    LAST_SEEN_AT,
    /** How many distinct keywords the memory has. */
    TERM_COUNT,
    /** How many of the query's distinct terms are among its keywords (a store counts its term rows). */
    SHARED_TERMS,
    VALID_FROM,
    VALID_UNTIL,
    /** Absent for a permanent memory. */
    EXPIRES_AT,
    /** How many present recalls returned the memory. */
    RECALL_COUNT,
    /** When the latest of them did; 0 when never recalled (the use factor is then 0 whatever it reads here). */
    LAST_RECALLED_AT,
    /* The four factors of a score (ScoreFactors), each itself a formula over the columns above. */
    KEYWORD_MATCH,
    RECENCY_DECAY,
    TYPE_PRIORITY,
    WEIGHT_NORMALIZED,
    /** The optional fifth factor, use (UseFactor), itself a formula over the recall columns. */
    USE
}
