package io.dbharness.results.assertions;

import java.time.Duration;
import java.util.Locale;

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
            throw new AssertionError(what + " is " + ms(millis) + ", expected below " + ms(limitMillis));
        }
        return operation;
    }

    public double millis() {
        return millis;
    }

    /** {@code 73.4 ms}, {@code 50 ms}, {@code 0.125 ms}: enough digits for sub-millisecond latencies. */
    static String ms(double v) {
        if (v == Math.rint(v) && Math.abs(v) < 1e15) {
            return (long) v + " ms";
        }
        return String.format(Locale.ROOT, v < 1 ? "%.3f ms" : v < 10 ? "%.2f ms" : "%.1f ms", v);
    }
}
