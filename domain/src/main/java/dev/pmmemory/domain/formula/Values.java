package dev.pmmemory.domain.formula;

/** What an {@link Expression} or a {@link Condition} is evaluated over in Java: one row's columns and the parameters. */
public interface Values {

    /** Whether the column has a value (an absent time is an open end). */
    boolean has(Column column);

    /** A numeric column's value (times in epoch ms); only asked when {@link #has} says it has one. */
    double number(Column column);

    /** A text column's value ({@link Column#TYPE}, {@link Column#STATUS}: wire names); null when absent. */
    String text(Column column);

    double parameter(Parameter parameter);
}
