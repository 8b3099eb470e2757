package dev.pmmemory.adapters.jdbc;

import dev.pmmemory.adapters.jdbc.Dialect.SqlType;
import dev.pmmemory.domain.formula.Bindings;
import dev.pmmemory.domain.formula.Column;
import dev.pmmemory.domain.formula.Condition;
import dev.pmmemory.domain.formula.Expression;
import dev.pmmemory.domain.formula.Parameter;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.EnumSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * A rule of the domain ({@link Expression}, {@link Condition}) as SQL over one query's columns: the
 * ranking formula and the visibility rule are stated once, in the domain, and rendered here per dialect,
 * never restated. Every value is a bound parameter, so a statement's text does not change with the
 * instant asked and stays prepared.
 *
 * <p>{@link Column#EXPIRES_AT} is stored as {@link Codec#NEVER} when there is no expiry: an open end
 * that compares above every instant, so a condition on it needs no IS NULL branch (and stays one index
 * range). The other times are NULL when absent.
 */
public final class SqlFormula {
    /** SQL text with its arguments, in the order of its placeholders. */
    public record Rendered(String sql, List<Object> args) {
    }

    private final Dialect dialect;
    private final Map<Column, String> columns;
    private final Set<Column> notIndexed;

    private SqlFormula(Dialect dialect, Map<Column, String> columns, Set<Column> notIndexed) {
        this.dialect = dialect;
        this.columns = columns;
        this.notIndexed = notIndexed;
    }

    /** Columns named as the memories table and memory_terms name them, prefixed with {@code alias.} when given. */
    public static SqlFormula over(Dialect dialect, String alias) {
        String p = alias == null || alias.isEmpty() ? "" : alias + ".";
        Map<Column, String> names = new EnumMap<>(Column.class);
        names.put(Column.TYPE, p + "type");
        names.put(Column.STATUS, p + "status");
        names.put(Column.WEIGHT, p + "weight");
        names.put(Column.LAST_SEEN_AT, p + "last_seen_at");
        names.put(Column.TERM_COUNT, p + "term_count");
        names.put(Column.SHARED_TERMS, p + "shared");
        names.put(Column.VALID_FROM, p + "valid_from");
        names.put(Column.VALID_UNTIL, p + "valid_until");
        names.put(Column.EXPIRES_AT, p + "expires_at");
        names.put(Column.RECALL_COUNT, p + "recall_count");
        // never recalled is NULL in the table and 0 to the formula (the use factor is 0 then either way)
        names.put(Column.LAST_RECALLED_AT, "COALESCE(" + p + "last_recalled_at, 0)");
        return new SqlFormula(dialect, names, EnumSet.noneOf(Column.class));
    }

    /** The same, the planner told not to use an index for these columns' comparisons ({@link Dialect#notIndexed}). */
    public SqlFormula notIndexed(Column first, Column... more) {
        Set<Column> set = EnumSet.of(first, more);
        set.addAll(notIndexed);
        return new SqlFormula(dialect, columns, set);
    }

    public Rendered render(Expression e, Bindings bindings) {
        List<Object> args = new ArrayList<>();
        return new Rendered(expression(e, bindings, args), args);
    }

    public Rendered render(Condition c, Bindings bindings) {
        List<Object> args = new ArrayList<>();
        return new Rendered(condition(c, bindings, args), args);
    }

    private String expression(Expression e, Bindings b, List<Object> args) {
        if (e instanceof Expression.Constant c) {
            args.add(c.value());
            return dialect.parameter(SqlType.DOUBLE);
        }
        if (e instanceof Expression.ColumnValue c) {
            return column(c.column(), true);
        }
        if (e instanceof Expression.ParameterValue p) {
            return parameter(p.parameter(), b, args);
        }
        if (e instanceof Expression.Sum s) {
            return "(" + expression(s.left(), b, args) + " + " + expression(s.right(), b, args) + ")";
        }
        if (e instanceof Expression.Difference d) {
            return "(" + expression(d.left(), b, args) + " - " + expression(d.right(), b, args) + ")";
        }
        if (e instanceof Expression.Product p) {
            return "(" + expression(p.left(), b, args) + " * " + expression(p.right(), b, args) + ")";
        }
        if (e instanceof Expression.Quotient q) {
            return "(" + dialect.real(expression(q.left(), b, args)) + " / " + expression(q.right(), b, args) + ")";
        }
        if (e instanceof Expression.Least l) {
            return dialect.least(expression(l.left(), b, args), expression(l.right(), b, args));
        }
        if (e instanceof Expression.Greatest g) {
            return dialect.greatest(expression(g.left(), b, args), expression(g.right(), b, args));
        }
        if (e instanceof Expression.Exponential x) {
            return "EXP(" + expression(x.exponent(), b, args) + ")";
        }
        if (e instanceof Expression.Negation n) {
            return "(-" + expression(n.operand(), b, args) + ")";
        }
        if (e instanceof Expression.ByType t) {
            StringBuilder sql = new StringBuilder("CASE ").append(column(Column.TYPE, false));
            for (String type : new java.util.TreeSet<>(t.cases().keySet())) { // sorted: one text per formula
                Expression value = t.cases().get(type);
                if (value != null) {
                    args.add(type);
                    sql.append(" WHEN ").append(dialect.parameter(SqlType.TEXT)).append(" THEN ")
                            .append(expression(value, b, args));
                }
            }
            return sql.append(" ELSE ").append(expression(t.otherwise(), b, args)).append(" END").toString();
        }
        throw new IllegalArgumentException("no SQL for " + e);
    }

    private String condition(Condition c, Bindings b, List<Object> args) {
        if (c instanceof Condition.AtMost a) {
            return "(" + expression(a.left(), b, args) + " <= " + expression(a.right(), b, args) + ")";
        }
        if (c instanceof Condition.Below a) {
            return "(" + expression(a.left(), b, args) + " < " + expression(a.right(), b, args) + ")";
        }
        if (c instanceof Condition.Present p) {
            if (p.column() == Column.EXPIRES_AT) {
                args.add(Codec.NEVER);
                return "(" + column(p.column(), false) + " < " + dialect.parameter(SqlType.BIGINT) + ")";
            }
            return "(" + column(p.column(), false) + " IS NOT NULL)";
        }
        if (c instanceof Condition.OpenOr o) {
            String whenPresent = condition(o.whenPresent(), b, args);
            if (o.column() == Column.EXPIRES_AT) {
                return whenPresent; // NEVER is above every instant: the condition holds of an open end as it is
            }
            return "(" + column(o.column(), false) + " IS NULL OR " + whenPresent + ")";
        }
        if (c instanceof Condition.All all) {
            List<String> parts = new ArrayList<>();
            for (Condition part : all.conditions()) {
                parts.add(condition(part, b, args));
            }
            return "(" + String.join(" AND ", parts) + ")";
        }
        if (c instanceof Condition.StatusNotIn s) {
            List<String> marks = new ArrayList<>();
            for (String status : new java.util.TreeSet<>(s.statuses())) {
                args.add(status);
                marks.add(dialect.parameter(SqlType.TEXT));
            }
            return "(" + column(Column.STATUS, false) + " NOT IN (" + String.join(", ", marks) + "))";
        }
        throw new IllegalArgumentException("no SQL for " + c);
    }

    private String column(Column column, boolean compared) {
        String name = columns.get(column);
        if (name == null) {
            throw new IllegalArgumentException("this query has no column " + column);
        }
        return compared && notIndexed.contains(column) ? dialect.notIndexed(name) : name;
    }

    private String parameter(Parameter p, Bindings b, List<Object> args) {
        double value = b.get(p);
        if (Double.isNaN(value)) {
            throw new IllegalArgumentException("parameter " + p + " is not bound");
        }
        return switch (p) {
            case AS_OF, FROM, UNTIL -> {
                args.add(value == Double.POSITIVE_INFINITY ? Codec.NEVER : (long) value);
                yield dialect.parameter(SqlType.BIGINT);
            }
            case QUERY_TERMS -> {
                args.add((int) value);
                yield dialect.parameter(SqlType.INTEGER);
            }
            case USE_WEIGHT -> {
                args.add(value);
                yield dialect.parameter(SqlType.DOUBLE);
            }
        };
    }
}
