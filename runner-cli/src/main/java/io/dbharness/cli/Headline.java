package io.dbharness.cli;

import io.dbharness.core.result.RunResult;

import java.util.Locale;

/**
 * The one figure a series compares its runs by: the workload's {@code tpmC} when it has one, else rows per
 * second for a workload that writes, else operations per second (queries).
 *
 * @param unit {@code tpmC}, {@code rows/s} or {@code ops/s}
 */
record Headline(String unit, double value) {

    static Headline of(RunResult r) {
        Double tpmC = r.figures().get("tpmC");
        if (tpmC != null) {
            return new Headline("tpmC", tpmC);
        }
        return r.totals().rows() > 0 ? new Headline("rows/s", r.totals().rowsPerSecond())
                : new Headline("ops/s", r.totals().operationsPerSecond());
    }

    /** {@code 12,345 rows/s}. */
    @Override
    public String toString() {
        return number(value) + " " + unit;
    }

    /** Thousands separators, decimals only for small numbers, the same on every machine. */
    static String number(double v) {
        return String.format(Locale.ROOT, Math.abs(v) >= 100 ? "%,.0f" : "%,.1f", v);
    }
}
