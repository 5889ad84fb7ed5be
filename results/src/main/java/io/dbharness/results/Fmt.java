package io.dbharness.results;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * Number formatting shared by the summary and the progress line. Everything goes through {@link Locale#ROOT} so
 * output is the same on every machine (no "6.000.000" on a German desktop, no Arabic digits), which keeps
 * summaries comparable and tests stable. Public for the report package.
 */
public final class Fmt {

    private Fmt() {
    }

    /** 6,000,000 */
    public static String count(long n) {
        return String.format(Locale.ROOT, "%,d", n);
    }

    /** Rates: thousands separators, no decimals once the number is large enough for them to be noise. */
    public static String rate(double perSecond) {
        if (!Double.isFinite(perSecond)) {
            return "n/a";
        }
        return perSecond >= 100 ? String.format(Locale.ROOT, "%,.0f", perSecond)
                : String.format(Locale.ROOT, "%,.1f", perSecond);
    }

    /** One decimal: 45.6 */
    public static String oneDecimal(double v) {
        return Double.isFinite(v) ? String.format(Locale.ROOT, "%,.1f", v) : "n/a";
    }

    /**
     * How far behind a schedule, in seconds: two decimals under a second ({@code 0.05 s}, as find-max's table),
     * where one decimal showed a lag of 47 ms as 0.0; one above ({@code 12.3 s}).
     */
    public static String lag(double seconds) {
        return Double.isFinite(seconds) ? String.format(Locale.ROOT, seconds < 0.995 ? "%.2f s" : "%,.1f s", seconds)
                : "n/a";
    }

    /** Latency in milliseconds with enough decimals that sub-millisecond targets do not all print 0.0. */
    public static String millis(double ms) {
        if (!Double.isFinite(ms)) {
            return "n/a";
        }
        String pattern = ms < 1 ? "%.3f" : ms < 10 ? "%.2f" : "%,.1f";
        return String.format(Locale.ROOT, pattern, ms);
    }

    /**
     * A latency limit or measurement in an assertion's message, {@code 73.4}, {@code 50}, {@code 0.125}: the
     * digits of {@link #millis} without trailing zeros, so a limit reads as it was written.
     */
    public static String trimmedMillis(double ms) {
        if (!Double.isFinite(ms)) {
            return "n/a";
        }
        int decimals = Math.abs(ms) < 1 ? 3 : Math.abs(ms) < 10 ? 2 : 1;
        return new java.math.BigDecimal(ms).setScale(decimals, java.math.RoundingMode.HALF_UP).stripTrailingZeros()
                .toPlainString();
    }

    /** A figure as a limit is written: {@code 2,000} when whole, {@code 1,234.5} otherwise. */
    public static String figure(double v) {
        if (!Double.isFinite(v)) {
            return "n/a";
        }
        return v == Math.rint(v) && Math.abs(v) < 1e15 ? String.format(Locale.ROOT, "%,d", (long) v)
                : String.format(Locale.ROOT, "%,.1f", v);
    }

    /** A share as a percentage, decimals only when it has them: 0.05 is {@code 5%}, 0.025 {@code 2.5%}. */
    public static String percent(double share) {
        double pct = share * 100;
        return (Math.abs(pct - Math.rint(pct)) < 1e-9 ? Long.toString(Math.round(pct))
                : String.format(Locale.ROOT, "%s", pct)) + "%";
    }

    /** A relative change, signed: {@code +5.0%}, {@code -48.3%}; {@code from 0} when the base was 0. */
    public static String change(double relative) {
        if (Double.isNaN(relative)) {
            return "n/a";
        }
        if (Double.isInfinite(relative)) {
            return "from 0";
        }
        return String.format(Locale.ROOT, "%+.1f%%", relative * 100);
    }

    /** Decimal units (1 MB = 10^6 bytes), matching the MB/s figures the engine computes. */
    public static String bytes(long b) {
        if (b < 0) {
            return "n/a";
        }
        if (b < 1000) {
            return b + " B";
        }
        String[] units = {"kB", "MB", "GB", "TB", "PB", "EB"};
        double v = b / 1000.0;
        int u = 0;
        while (v >= 999.95 && u < units.length - 1) {
            v /= 1000;
            u++;
        }
        return String.format(Locale.ROOT, v >= 100 ? "%.0f %s" : "%.1f %s", v, units[u]);
    }

    /** Compact durations for the progress line: 14s, 1m23s, 2h05m. */
    public static String shortDuration(double seconds) {
        if (!Double.isFinite(seconds) || seconds < 0) {
            return "?";
        }
        long s = Math.round(seconds);
        if (s < 60) {
            return s + "s";
        }
        if (s < 3600) {
            return String.format(Locale.ROOT, "%dm%02ds", s / 60, s % 60);
        }
        return String.format(Locale.ROOT, "%dh%02dm", s / 3600, (s % 3600) / 60);
    }

    /** Collapses a message onto one line so it cannot break a table or a log line. */
    public static String oneLine(String s) {
        return s == null ? "" : s.replaceAll("\\s*\\R\\s*", " ").strip();
    }

    /** {@code s} in lines of at most {@code width} characters, broken after a space where there is one. */
    public static List<String> wrap(String s, int width) {
        List<String> lines = new ArrayList<>();
        String rest = s;
        while (rest.length() > width) {
            int cut = rest.lastIndexOf(' ', width);
            if (cut <= 0) {
                lines.add(rest.substring(0, width)); // one word longer than a line: split it
                rest = rest.substring(width);
            } else {
                lines.add(rest.substring(0, cut));
                rest = rest.substring(cut + 1);
            }
        }
        lines.add(rest);
        return lines;
    }

    /** Cuts long text (error messages) so one row cannot stretch the table across the screen. */
    public static String cap(String s, int max) {
        return s.length() <= max ? s : s.substring(0, max - 3) + "...";
    }
}
