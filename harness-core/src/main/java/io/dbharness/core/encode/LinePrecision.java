package io.dbharness.core.encode;

import io.dbharness.core.api.UsageException;

import java.util.Locale;

/**
 * Timestamp unit of line protocol. Coarser units make shorter lines (a second is 10 digits, a nanosecond 19),
 * so targets pick the coarsest unit that still carries every timestamp of the data exactly; a coarser one
 * would silently merge distinct timestamps, which the encoder refuses.
 */
public enum LinePrecision {
    NS(0, "ns", "ns"), US(1, "u", "us"), MS(1_000, "ms", "ms"), S(1_000_000, "s", "s");

    /** Microseconds per unit; 0 for nanoseconds (finer than the harness's microseconds). */
    private final long microsPerUnit;
    private final String v1Name;
    private final String v2Name;

    LinePrecision(long microsPerUnit, String v1Name, String v2Name) {
        this.microsPerUnit = microsPerUnit;
        this.v1Name = v1Name;
        this.v2Name = v2Name;
    }

    /** The {@code precision} query parameter of InfluxDB 1.x {@code /write}: {@code ns, u, ms, s}. */
    public String v1Name() {
        return v1Name;
    }

    /** The {@code precision} query parameter of the v2 {@code /api/v2/write}: {@code ns, us, ms, s}. */
    public String v2Name() {
        return v2Name;
    }

    /** Whether {@code epochMicros} is a whole number of this unit. */
    public boolean represents(long epochMicros) {
        return microsPerUnit <= 1 || epochMicros % microsPerUnit == 0;
    }

    /** {@code epochMicros} in this unit; the caller has checked {@link #represents}. */
    public long fromMicros(long epochMicros) {
        if (microsPerUnit == 0) {
            return epochMicros * 1000;
        }
        return microsPerUnit == 1 ? epochMicros : epochMicros / microsPerUnit;
    }

    /** Accepts {@code ns, us, u, ms, s} in any case; anything else names the option and the allowed values. */
    public static LinePrecision parse(String name) {
        String n = name == null ? "" : name.trim().toLowerCase(Locale.ROOT);
        switch (n) {
            case "ns": return NS;
            case "us": case "u": return US;
            case "ms": return MS;
            case "s": return S;
            default:
                throw new UsageException("invalid value '" + name + "' for --precision: expected ns|us|ms|s");
        }
    }

    /**
     * The coarsest unit that represents every timestamp {@code tsStartMicros + k * stepMicros} exactly.
     * Never {@link #NS}: the harness's timestamps are whole microseconds.
     */
    public static LinePrecision matching(long stepMicros, long tsStartMicros) {
        for (LinePrecision p : new LinePrecision[] {S, MS}) {
            if (p.represents(stepMicros) && p.represents(tsStartMicros)) {
                return p;
            }
        }
        return US;
    }

    /**
     * The coarsest unit that carries the first {@code n} timestamps exactly: for writers that choose per
     * batch (the unit is a parameter of each request), one remainder test per row.
     */
    public static LinePrecision coarsest(long[] tsMicros, int n) {
        boolean seconds = true;
        for (int i = 0; i < n; i++) {
            long t = tsMicros[i];
            if (t % 1_000 != 0) {
                return US;
            }
            if (seconds && t % 1_000_000 != 0) {
                seconds = false;
            }
        }
        return seconds ? S : MS;
    }
}
