package io.dbharness.results.merge;

import io.dbharness.core.measure.HistogramCodec;
import io.dbharness.results.ResultFiles;
import org.HdrHistogram.Histogram;

/**
 * LatencySum histograms of a result (microseconds, as the engine records them) added up, and read the way the
 * engine reads them, so a merged percentile is the one a single process holding every value would have written.
 */
public final class LatencySum {

    /** The engine's precision: histograms of one precision add bucket by bucket. */
    private static final int DIGITS = 3;

    private final Histogram sum = new Histogram(DIGITS);

    /**
     * Adds one encoded histogram.
     *
     * @param where names the histogram in the message when it is missing or damaged
     */
    public LatencySum add(String base64, String where) {
        if (base64 == null) {
            throw new io.dbharness.results.ResultMismatchException(where + " has no latency histogram: its percentiles cannot be merged");
        }
        sum.add(ResultFiles.histogram(base64, where));
        return this;
    }

    public LatencySum add(LatencySum other) {
        sum.add(other.sum);
        return this;
    }

    public long count() {
        return sum.getTotalCount();
    }

    /** Milliseconds at {@code percentile} (0-100), 0 when empty: as {@code Measurements} writes it. */
    public double millis(double percentile) {
        return count() == 0 ? 0 : sum.getValueAtPercentile(percentile) / 1000.0;
    }

    public double maxMillis() {
        return count() == 0 ? 0 : sum.getMaxValue() / 1000.0;
    }

    public double meanMillis() {
        return count() == 0 ? 0 : sum.getMean() / 1000.0;
    }

    public String encoded() {
        return HistogramCodec.encode(sum);
    }
}
