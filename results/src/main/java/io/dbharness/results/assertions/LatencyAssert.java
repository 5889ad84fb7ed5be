package io.dbharness.results.assertions;

import io.dbharness.results.Fmt;

import java.time.Duration;

/** One latency figure, in milliseconds as the result keeps it. */
public final class LatencyAssert {

    private final OperationAssert operation;
    private final String what;
    private final double millis;

    LatencyAssert(OperationAssert operation, String what, double millis) {
        this.operation = operation;
        this.what = what;
        this.millis = millis;
    }

    /** Strictly below the limit. */
    public OperationAssert isBelow(Duration limit) {
        double limitMillis = limit.toNanos() / 1e6;
        if (!(millis < limitMillis)) {
            throw new AssertionError(what + " is " + Fmt.trimmedMillis(millis) + " ms" + ", expected below " + Fmt.trimmedMillis(limitMillis) + " ms");
        }
        return operation;
    }

    public double millis() {
        return millis;
    }
}
