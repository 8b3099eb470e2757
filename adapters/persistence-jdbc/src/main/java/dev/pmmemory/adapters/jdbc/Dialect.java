package dev.pmmemory.adapters.jdbc;

import java.sql.SQLException;

/**
 * Where the SQL of the two stores differs. Both keep the same tables in the same shape (times as epoch
 * milliseconds, lists joined by {@link Codec#SEPARATOR}, no expiry as {@link Codec#NEVER}), so what is
 * left is a few spellings, a planner's hints and what a failure means.
 */
public interface Dialect {

    /** The smaller of two values: SQLite's two-argument MIN, PostgreSQL's LEAST. */
    String least(String a, String b);

    /** The larger of two values: SQLite's two-argument MAX, PostgreSQL's GREATEST. */
    String greatest(String a, String b);

    /**
     * A column the planner should not use an index for in this condition (SQLite's unary +, where a
     * sharper index applies and SQLite, without statistics, would pick the wrong one); PostgreSQL plans
     * from statistics and takes the column as it is.
     */
    String notIndexed(String column);

    /** A table read through one index (SQLite's INDEXED BY, for the same reason); PostgreSQL: the table. */
    String indexedBy(String tableAndAlias, String index);

    /**
     * Two tables joined in the order written, the left one read first (SQLite's CROSS JOIN, which its
     * planner never reorders); PostgreSQL's JOIN, planned from statistics.
     */
    String joinInOrder();

    /**
     * A query term with this many rows in a profile is read apart from the others' (its sharers split
     * into those sharing other terms and those sharing it alone): below it, one statement scoring every
     * sharer costs less than the split's extra statement. A store's tuning, measured per store.
     */
    int splitTermRows();

    /**
     * Whether many short index ranges (a recall's most recent per type and weight bucket) are read by one
     * kept statement run once per range rather than one statement over them all. SQLite runs in process, so
     * a run costs no round trip, and a union of 70 ranges took over twice as long to run as the 70 runs
     * (measured on a 10,000-memory profile); PostgreSQL saves 69 round trips with the one statement: a
     * lateral join over arrays of the ranges ({@link #arrayParameter}), whose text is the same whichever ranges
     * a recall reads, so the server plans it once (a union of the ranges read had a text per set of ranges,
     * each parsed and planned anew).
     */
    boolean readsRangesOneByOne();

    /**
     * A bound array of this type, for a dialect that reads ranges in one statement ({@link #readsRangesOneByOne}
     * false) or binds lists as arrays ({@link #bindsListsAsArrays}); another is never asked.
     */
    String arrayParameter(SqlType type);

    /**
     * Whether a list of values to look up is bound as one array (PostgreSQL: the statement's text is the same
     * for any length, so the server plans it once; an IN list of a new length was parsed and planned on each
     * call) rather than as one parameter each (SQLite, in process, no planning cost to save).
     */
    boolean bindsListsAsArrays();

    /** A bound parameter of this type, as the database needs to be told it (PostgreSQL infers some, not all). */
    String parameter(SqlType type);

    /** {@code expression} as a floating-point number (so that a division of integers does not truncate). */
    String real(String expression);

    /** The types of bound parameters. */
    enum SqlType {
        BIGINT, INTEGER, DOUBLE, TEXT
    }

    /**
     * A failure as the application sees it: {@link dev.pmmemory.application.StoreUnavailableException} (503,
     * retry later) when the database cannot serve now, else a bug.
     */
    RuntimeException translate(SQLException e);
}
