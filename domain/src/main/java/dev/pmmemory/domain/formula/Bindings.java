package dev.pmmemory.domain.formula;

import java.util.Arrays;

/** The {@link Parameter}s of one evaluation; a parameter not bound reads as NaN (no comparison holds). */
public final class Bindings {
    private final double[] values = new double[Parameter.values().length];

    private Bindings() {
        Arrays.fill(values, Double.NaN);
    }

    public static Bindings of(Parameter parameter, double value) {
        return new Bindings().and(parameter, value);
    }

    public Bindings and(Parameter parameter, double value) {
        values[parameter.ordinal()] = value;
        return this;
    }

    public double get(Parameter parameter) {
        return values[parameter.ordinal()];
    }
}
