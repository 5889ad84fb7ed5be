package io.dbharness.results.assertions;

import java.util.Locale;

/** A throughput or workload figure (higher is usually better). */
public final class FigureAssert {

    private final ResultAssert run;
    private final String what;
    private final double value;

    FigureAssert(ResultAssert run, String what, double value) {
        this.run = run;
        this.what = what;
        this.value = value;
    }

    public ResultAssert isAtLeast(double minimum) {
        if (!(value >= minimum)) {
            throw new AssertionError(what + " is " + number(value) + ", expected at least " + number(minimum));
        }
        return run;
    }

    public ResultAssert isAtMost(double maximum) {
        if (!(value <= maximum)) {
            throw new AssertionError(what + " is " + number(value) + ", expected at most " + number(maximum));
        }
        return run;
    }

    public double value() {
        return value;
    }

    private static String number(double v) {
        return v == Math.rint(v) && Math.abs(v) < 1e15 ? String.format(Locale.ROOT, "%,d", (long) v)
                : String.format(Locale.ROOT, "%,.1f", v);
    }
}
