package dev.pmmemory.domain.formula;

import java.util.Map;
import java.util.Objects;

/**
 * A number computed from a row's {@link Column}s and the {@link Parameter}s: how the domain states a
 * formula once, so that Java evaluates it ({@link #evaluate}) and a store renders the very same formula
 * in its SQL. Only what the rules need: arithmetic, least / greatest, e^x and a choice by type. Each
 * node evaluates in the order it is written, so Java's result is the same, bit for bit, wherever a
 * formula is evaluated; a store's SQL may differ in the last bits.
 */
public sealed interface Expression {

    double evaluate(Values values);

    /** Whether every column it reads has a value (a comparison with an absent one is false, as in SQL). */
    boolean defined(Values values);

    /** The same expression with each of these columns replaced by its own expression (a factor by its formula). */
    Expression replacing(Map<Column, Expression> definitions);

    static Expression constant(double value) {
        return new Constant(value);
    }

    static Expression column(Column column) {
        return new ColumnValue(column);
    }

    static Expression parameter(Parameter parameter) {
        return new ParameterValue(parameter);
    }

    static Expression least(Expression a, Expression b) {
        return new Least(a, b);
    }

    static Expression greatest(Expression a, Expression b) {
        return new Greatest(a, b);
    }

    static Expression exp(Expression exponent) {
        return new Exponential(exponent);
    }

    default Expression plus(Expression other) {
        return new Sum(this, other);
    }

    default Expression minus(Expression other) {
        return new Difference(this, other);
    }

    default Expression times(Expression other) {
        return new Product(this, other);
    }

    default Expression over(Expression other) {
        return new Quotient(this, other);
    }

    default Expression negated() {
        return new Negation(this);
    }

    record Constant(double value) implements Expression {
        @Override
        public double evaluate(Values values) {
            return value;
        }

        @Override
        public boolean defined(Values values) {
            return true;
        }

        @Override
        public Expression replacing(Map<Column, Expression> definitions) {
            return this;
        }
    }

    record ColumnValue(Column column) implements Expression {
        public ColumnValue {
            Objects.requireNonNull(column, "column");
        }

        @Override
        public double evaluate(Values values) {
            return values.number(column);
        }

        @Override
        public boolean defined(Values values) {
            return values.has(column);
        }

        @Override
        public Expression replacing(Map<Column, Expression> definitions) {
            return definitions.getOrDefault(column, this);
        }
    }

    record ParameterValue(Parameter parameter) implements Expression {
        public ParameterValue {
            Objects.requireNonNull(parameter, "parameter");
        }

        @Override
        public double evaluate(Values values) {
            return values.parameter(parameter);
        }

        @Override
        public boolean defined(Values values) {
            return true;
        }

        @Override
        public Expression replacing(Map<Column, Expression> definitions) {
            return this;
        }
    }

    /** Two operands: defined when both are. */
    sealed interface Binary extends Expression {
        Expression left();

        Expression right();

        @Override
        default boolean defined(Values values) {
            return left().defined(values) && right().defined(values);
        }
    }

    record Sum(Expression left, Expression right) implements Binary {
        @Override
        public double evaluate(Values values) {
            return left.evaluate(values) + right.evaluate(values);
        }

        @Override
        public Expression replacing(Map<Column, Expression> definitions) {
            return new Sum(left.replacing(definitions), right.replacing(definitions));
        }
    }

    record Difference(Expression left, Expression right) implements Binary {
        @Override
        public double evaluate(Values values) {
            return left.evaluate(values) - right.evaluate(values);
        }

        @Override
        public Expression replacing(Map<Column, Expression> definitions) {
            return new Difference(left.replacing(definitions), right.replacing(definitions));
        }
    }

    record Product(Expression left, Expression right) implements Binary {
        @Override
        public double evaluate(Values values) {
            return left.evaluate(values) * right.evaluate(values);
        }

        @Override
        public Expression replacing(Map<Column, Expression> definitions) {
            return new Product(left.replacing(definitions), right.replacing(definitions));
        }
    }

    record Quotient(Expression left, Expression right) implements Binary {
        @Override
        public double evaluate(Values values) {
            return left.evaluate(values) / right.evaluate(values);
        }

        @Override
        public Expression replacing(Map<Column, Expression> definitions) {
            return new Quotient(left.replacing(definitions), right.replacing(definitions));
        }
    }

    record Least(Expression left, Expression right) implements Binary {
        @Override
        public double evaluate(Values values) {
            return Math.min(left.evaluate(values), right.evaluate(values));
        }

        @Override
        public Expression replacing(Map<Column, Expression> definitions) {
            return new Least(left.replacing(definitions), right.replacing(definitions));
        }
    }

    record Greatest(Expression left, Expression right) implements Binary {
        @Override
        public double evaluate(Values values) {
            return Math.max(left.evaluate(values), right.evaluate(values));
        }

        @Override
        public Expression replacing(Map<Column, Expression> definitions) {
            return new Greatest(left.replacing(definitions), right.replacing(definitions));
        }
    }

    record Exponential(Expression exponent) implements Expression {
        @Override
        public double evaluate(Values values) {
            return Math.exp(exponent.evaluate(values));
        }

        @Override
        public boolean defined(Values values) {
            return exponent.defined(values);
        }

        @Override
        public Expression replacing(Map<Column, Expression> definitions) {
            return new Exponential(exponent.replacing(definitions));
        }
    }

    record Negation(Expression operand) implements Expression {
        @Override
        public double evaluate(Values values) {
            return -operand.evaluate(values);
        }

        @Override
        public boolean defined(Values values) {
            return operand.defined(values);
        }

        @Override
        public Expression replacing(Map<Column, Expression> definitions) {
            return new Negation(operand.replacing(definitions));
        }
    }

    /** One value per type ({@link Column#TYPE}, by wire name), {@code otherwise} for a type not listed. */
    record ByType(Map<String, Expression> cases, Expression otherwise) implements Expression {
        public ByType {
            cases = Map.copyOf(cases);
            Objects.requireNonNull(otherwise, "otherwise");
        }

        @Override
        public double evaluate(Values values) {
            Expression chosen = cases.get(values.text(Column.TYPE));
            return (chosen != null ? chosen : otherwise).evaluate(values);
        }

        @Override
        public boolean defined(Values values) {
            return values.text(Column.TYPE) != null;
        }

        @Override
        public Expression replacing(Map<Column, Expression> definitions) {
            Map<String, Expression> replaced = new java.util.HashMap<>();
            cases.forEach((type, e) -> replaced.put(type, e.replacing(definitions)));
            return new ByType(replaced, otherwise.replacing(definitions));
        }
    }
}
