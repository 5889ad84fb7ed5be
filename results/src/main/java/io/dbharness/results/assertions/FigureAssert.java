package io.dbharness.results.assertions;

import io.dbharness.results.Fmt;

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
            throw new AssertionError(what + " is " + Fmt.figure(value) + ", expected at least " + Fmt.figure(minimum));
        }
        return run;
    }

    public ResultAssert isAtMost(double maximum) {
        if (!(value <= maximum)) {
            throw new AssertionError(what + " is " + Fmt.figure(value) + ", expected at most " + Fmt.figure(maximum));
        }
        return run;
    }

    public double value() {
        return value;
    }
}
