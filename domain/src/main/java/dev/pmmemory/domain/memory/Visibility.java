package dev.pmmemory.domain.memory;

import static dev.pmmemory.domain.formula.Condition.all;
import static dev.pmmemory.domain.formula.Condition.below;
import static dev.pmmemory.domain.formula.Condition.atMost;
import static dev.pmmemory.domain.formula.Condition.openOr;
import static dev.pmmemory.domain.formula.Condition.present;
import static dev.pmmemory.domain.formula.Expression.column;
import static dev.pmmemory.domain.formula.Expression.parameter;

import dev.pmmemory.domain.formula.Column;
import dev.pmmemory.domain.formula.Condition;
import dev.pmmemory.domain.formula.Parameter;
import java.util.Set;

/**
 * When a stored memory is visible (docs/rules.md §5), stated once: {@link Lifetime} tests it in Java,
 * the stores render it in their SQL. A memory is visible over its window [valid_from, min(valid_until,
 * expires_at)): a pending or rejected memory has no valid_from, so it never is; an absent valid_until or
 * expires_at is an open end. Each rule reads only the window's columns, so a store answers it from an index
 * range (recall at any instant, present or past, is a range condition, not a scan).
 */
public final class Visibility {

    /** Visible at {@link Parameter#AS_OF}: valid_from ≤ t, t &lt; valid_until, t &lt; expires_at. */
    public static final Condition AT = all(
            atMost(column(Column.VALID_FROM), parameter(Parameter.AS_OF)),
            openOr(Column.VALID_UNTIL, below(parameter(Parameter.AS_OF), column(Column.VALID_UNTIL))),
            openOr(Column.EXPIRES_AT, below(parameter(Parameter.AS_OF), column(Column.EXPIRES_AT))));

    /**
     * Visible at {@link Parameter#AS_OF} and not seen again since: a memory whose stored weight and
     * last_seen_at are still those it had then.
     */
    public static final Condition SETTLED_AT = all(AT, atMost(column(Column.LAST_SEEN_AT), parameter(Parameter.AS_OF)));

    /**
     * Visible at some instant of [{@link Parameter#FROM}, {@link Parameter#UNTIL}): the window is not
     * empty and meets the range; pending and rejected memories never are visible.
     */
    public static final Condition DURING = all(
            present(Column.VALID_FROM),
            new Condition.StatusNotIn(Set.of(MemoryStatus.PENDING.wireName(), MemoryStatus.REJECTED.wireName())),
            openOr(Column.VALID_UNTIL, all(below(column(Column.VALID_FROM), column(Column.VALID_UNTIL)),
                    below(parameter(Parameter.FROM), column(Column.VALID_UNTIL)))),
            openOr(Column.EXPIRES_AT, all(below(column(Column.VALID_FROM), column(Column.EXPIRES_AT)),
                    below(parameter(Parameter.FROM), column(Column.EXPIRES_AT)))),
            below(column(Column.VALID_FROM), parameter(Parameter.UNTIL)));

    /**
     * Not retired at {@link Parameter#AS_OF}: visible then, or only later (valid_from may still come);
     * neither superseded nor deleted nor expired by then. What a store keeps to answer later instants.
     */
    public static final Condition NOT_RETIRED_AT = all(
            openOr(Column.VALID_UNTIL, below(parameter(Parameter.AS_OF), column(Column.VALID_UNTIL))),
            openOr(Column.EXPIRES_AT, below(parameter(Parameter.AS_OF), column(Column.EXPIRES_AT))));

    private Visibility() {
    }
}
