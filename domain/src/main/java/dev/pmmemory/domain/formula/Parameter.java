package dev.pmmemory.domain.formula;

/** The values a rule is given when it is evaluated or a statement bound, beside a row's columns. */
public enum Parameter {
    /** The instant asked about, epoch ms. */
    AS_OF,
    /** How many distinct terms the query has. */
    QUERY_TERMS,
    /** The start of a range of instants, epoch ms. */
    FROM,
    /** The end of a range of instants, epoch ms; no end: {@link Double#POSITIVE_INFINITY} (a store binds its largest time). */
    UNTIL,
    /** The weight of the use factor in the score (0: the four factors of rules.md §6 alone). */
    USE_WEIGHT
}
