package io.dbharness.tools;

import io.dbharness.core.measure.HistogramCodec;
import io.dbharness.core.result.OperationStats;
import io.dbharness.core.result.RunResult;

import java.io.PrintStream;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;

/**
 * influxdb-comparisons' query statistics ({@code bulk_query/query.go}, {@code fprintStats}), from what the run
 * measured: per query type (under the tool's label) and over {@code all queries}, the count of queries that
 * answered, their minimum, mean and maximum latency in milliseconds, the rate one client would reach at each
 * ({@code minRate = 1000 / min}...) and the sum in seconds; then {@code totalQueries}, {@code wallClockTime}
 * (seconds), {@code queryRate} (queries a second over the wall clock), {@code workers} and {@code batchSize}.
 * One JSON object on standard output (the tool writes it without a line break; here one follows, as this
 * harness's summary comes next), or with {@code -json=false} the tool's text lines on standard error; then the
 * tool's {@code wall clock time: Xsec} log line on standard error.
 */
final class QueryStatistics {

    static final String ALL = "all queries";

    private QueryStatistics() {
    }

    /** One key's figures, the tool's {@code StatGroup}. */
    record Stat(long count, double minMillis, double meanMillis, double maxMillis, double sumMillis) {
        Stat plus(Stat o) {
            if (count == 0) {
                return o;
            }
            long n = count + o.count;
            double sum = sumMillis + o.sumMillis;
            return new Stat(n, Math.min(minMillis, o.minMillis), sum / n, Math.max(maxMillis, o.maxMillis), sum);
        }

        /** The JSON object the tool writes, or {@code ""} where Go's encoder fails (a zero minimum: an infinite rate). */
        Object json() {
            if (count == 0 || minMillis <= 0 || meanMillis <= 0 || maxMillis <= 0) {
                return "";
            }
            Map<String, Object> m = new LinkedHashMap<>();
            m.put("min", minMillis);
            m.put("minRate", 1e3 / minMillis);
            m.put("mean", meanMillis);
            m.put("meanRate", 1e3 / meanMillis);
            m.put("max", maxMillis);
            m.put("maxRate", 1e3 / maxMillis);
            m.put("count", count);
            m.put("sum", sumMillis / 1e3);
            return m;
        }
    }

    /** Per label (the operation type where no label is known), then {@link #ALL}; sorted as Go sorts map keys. */
    static Map<String, Stat> stats(RunResult r, Map<String, String> labels) {
        Map<String, Stat> out = new TreeMap<>();
        Stat all = new Stat(0, 0, 0, 0, 0);
        for (OperationStats s : r.operations()) {
            if (s.counts().completed() == 0) { // the tool keeps no key for a query type that never answered
                continue;
            }
            double min = s.histogram() == null ? s.p50Millis()
                    : HistogramCodec.decode(s.histogram()).getMinValue() / 1000.0; // the histogram is in microseconds
            Stat st = new Stat(s.counts().completed(), min, s.meanMillis(), s.maxMillis(), s.meanMillis() * s.counts().completed());
            out.merge(labels.getOrDefault(s.type(), s.type()), st, Stat::plus);
            all = all.plus(st);
        }
        out.put(ALL, all);
        return out;
    }

    static void print(RunResult r, Map<String, String> labels, boolean json, PrintStream out, PrintStream err) {
        Map<String, Stat> stats = stats(r, labels);
        long total = stats.get(ALL).count();
        double wall = r.totals().durationSeconds();
        if (json) {
            Map<String, Object> j = new LinkedHashMap<>();
            stats.forEach((k, v) -> j.put(k, v.json()));
            j.put("totalQueries", total);
            j.put("wallClockTime", wall);
            j.put("queryRate", wall > 0 ? total / wall : 0.0);
            j.put("workers", r.workers());
            j.put("batchSize", 1);
            out.println(GoText.json(j));
        } else {
            int width = stats.keySet().stream().mapToInt(String::length).max().orElse(0);
            stats.forEach((k, v) -> err.print(String.format(Locale.ROOT, "%-" + width + "s : min: %8.2fms (%7.2f/sec),"
                            + " mean: %8.2fms (%7.2f/sec), max: %7.2fms (%6.2f/sec), count: %8d, sum: %5.1fsec \n", k,
                    v.minMillis(), 1e3 / v.minMillis(), v.meanMillis(), 1e3 / v.meanMillis(), v.maxMillis(),
                    1e3 / v.maxMillis(), v.count(), v.sumMillis() / 1e3)));
        }
        err.println(GoText.logPrefix() + String.format(Locale.ROOT, "wall clock time: %fsec", wall));
    }
}
