package dev.pmmemory.domain.formula;

import java.util.List;
import java.util.Objects;
import java.util.Set;

/**
 * A yes / no rule over a row's {@link Column}s and the {@link Parameter}s, stated once in the domain:
 * Java tests it ({@link #test}), a store renders it in its SQL. A comparison that reads an absent column
 * is false, as in SQL; {@link OpenOr} states where an absent value is an open end instead.
 */
public sealed interface Condition {

    boolean test(Values values);

    static Condition atMost(Expression left, Expression right) {
        return new AtMost(left, right);
    }

    static Condition below(Expression left, Expression right) {
        return new Below(left, right);
    }

    static Condition present(Column column) {
        return new Present(column);
    }

    static Condition openOr(Column column, Condition whenPresent) {
        return new OpenOr(column, whenPresent);
    }

    static Condition all(Condition... conditions) {
        return new All(List.of(conditions));
    }

    /** left ≤ right. */
    record AtMost(Expression left, Expression right) implements Condition {
        @Override
        public boolean test(Values values) {
            return left.defined(values) && right.defined(values) && left.evaluate(values) <= right.evaluate(values);
        }
    }

    /** left &lt; right. */
    record Below(Expression left, Expression right) implements Condition {
        @Override
        public boolean test(Values values) {
            return left.defined(values) && right.defined(values) && left.evaluate(values) < right.evaluate(values);
        }
    }

    record Present(Column column) implements Condition {
        @Override
        public boolean test(Values values) {
            return values.has(column);
        }
    }

    /** The column has no value (an open end), or {@code whenPresent} holds. */
    record OpenOr(Column column, Condition whenPresent) implements Condition {
        public OpenOr {
            Objects.requireNonNull(column, "column");
            Objects.requireNonNull(whenPresent, "whenPresent");
        }

        @Override
        public boolean test(Values values) {
            return !values.has(column) || whenPresent.test(values);
        }
    }

    record All(List<Condition> conditions) implements Condition {
        public All {
            conditions = List.copyOf(conditions);
        }

        @Override
        public boolean test(Values values) {
            for (Condition c : conditions) {
                if (!c.test(values)) {
                    return false;
                }
            }
            return true;
        }
    }

    /** The status ({@link Column#STATUS}, by wire name) is none of these. */
    record StatusNotIn(Set<String> statuses) implements Condition {
        public StatusNotIn {
            statuses = Set.copyOf(statuses);
        }

        @Override
        public boolean test(Values values) {
            return !statuses.contains(values.text(Column.STATUS));
        }
    }
}
