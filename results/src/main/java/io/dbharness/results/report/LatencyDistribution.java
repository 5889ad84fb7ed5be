package io.dbharness.results.report;

import io.dbharness.core.result.OperationStats;
import io.dbharness.core.result.RunResult;
import io.dbharness.results.ResultFiles;
import org.HdrHistogram.Histogram;
import org.HdrHistogram.HistogramIterationValue;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** The stored latency histograms (microseconds, compressed, base64) decoded, merged and read as percentiles. */
final class LatencyDistribution {

    /** Percentile ticks per halving of the remaining distance, as HdrHistogram's own percentile output uses. */
    private static final int TICKS_PER_HALF = 5;

    private LatencyDistribution() {
    }

    /** One point of a percentile distribution: {@code nines} = 1 / (1 - percentile/100), so 99% is 100. */
    record Point(double percentile, double nines, double millis) {
    }

    /** A run's histograms per operation type, the groups that share a type merged; types without one are left out. */
    static Map<String, Histogram> byType(RunResult r) {
        Map<String, Histogram> out = new LinkedHashMap<>();
        for (OperationStats o : r.operations()) {
            if (o.histogram() != null && !o.histogram().isEmpty()) {
                Histogram h = ResultFiles.histogram(o.histogram(), "run " + r.runId() + ", operation type " + o.type());
                out.computeIfAbsent(o.type(), k -> new Histogram(h.getNumberOfSignificantValueDigits())).add(h);
            }
        }
        return out;
    }

    /** Every operation of the run together, or null when it kept no histogram. */
    static Histogram whole(RunResult r) {
        Histogram all = null;
        for (Histogram h : byType(r).values()) {
            if (all == null) {
                all = new Histogram(h.getNumberOfSignificantValueDigits()); // auto-resizing: ranges may differ
            }
            all.add(h);
        }
        return all;
    }

    /** Milliseconds at a percentile; NaN for an empty histogram. */
    static double millisAt(Histogram h, double percentile) {
        return h == null || h.getTotalCount() == 0 ? Double.NaN : h.getValueAtPercentile(percentile) / 1000.0;
    }

    /**
     * The distribution HdrHistogram's plots show: percentiles ever closer to 100, spaced on a "nines" scale; the
     * maximum last, placed at 1/(count) of the tail so a log axis can still show it.
     */
    static List<Point> distribution(Histogram h) {
        List<Point> out = new ArrayList<>();
        if (h == null || h.getTotalCount() == 0) {
            return out;
        }
        double lastNines = 1;
        for (HistogramIterationValue v : h.percentiles(TICKS_PER_HALF)) {
            double p = v.getPercentileLevelIteratedTo();
            double ms = v.getValueIteratedTo() / 1000.0;
            if (p >= 100.0) {
                out.add(new Point(100.0, Math.max(lastNines * 10, h.getTotalCount()), ms));
                break;
            }
            lastNines = 1 / (1 - p / 100);
            out.add(new Point(p, lastNines, ms));
        }
        return out;
    }
}
