package io.dbharness.results.assertions;

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
            throw new AssertionError(what + " is " + ms(millis) + ", expected below " + ms(limitMillis));
        }
        return operation;
    }

    public double millis() {
        return millis;
    }

    /** {@code 73.4 ms}, {@code 50 ms}, {@code 0.125 ms}: enough digits for sub-millisecond latencies, no trailing zeros. */
    static String ms(double v) {
        if (!Double.isFinite(v)) {
            return v + " ms";
        }
        int decimals = Math.abs(v) < 1 ? 3 : Math.abs(v) < 10 ? 2 : 1;
        return new java.math.BigDecimal(v).setScale(decimals, java.math.RoundingMode.HALF_UP).stripTrailingZeros()
                .toPlainString() + " ms";
    }
}
