package io.dbharness.live;

import io.dbharness.core.encode.LinePrecision;
import io.dbharness.core.encode.LineProtocolEncoder;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * The live figures as InfluxDB line protocol, under the names a scrape shows them by, so a dashboard's query over
 * either source finds the same figure: one measurement per family ({@code dbharness_rows_total} for the counter
 * {@code dbharness_rows}), its labels as tags (an empty one left out: line protocol has no empty tag), the value
 * in field {@code value}. A histogram's line holds {@code count} and {@code sum} over the run (as its scrape) and
 * the quantiles of the observations since the previous push ({@code p50 p90 p99 p999}), interpolated in the buckets
 * as PromQL's {@code histogram_quantile} does; InfluxQL cannot compute them from buckets. Events are points of
 * {@link #EVENTS} with their one line in field {@code text}.
 */
final class InfluxLines {

    /** The events' measurement: every event a point, for a dashboard's annotations. */
    static final String EVENTS = "dbharness_events";
    static final double[] QUANTILES = {0.5, 0.9, 0.99, 0.999};
    static final String[] QUANTILE_FIELDS = {"p50", "p90", "p99", "p999"};

    private final LinePrecision precision;
    /** Each histogram series' buckets at the previous push, by measurement and tags: the interval is the difference. */
    private final Map<String, long[]> previous = new HashMap<>();

    InfluxLines(LinePrecision precision) {
        this.precision = precision;
    }

    /** The name a scrape shows a family's samples by: a counter's with {@code _total}. */
    static String measurement(LiveFamily f) {
        return f.type() == LiveFamily.Type.COUNTER ? f.name() + "_total" : f.name();
    }

    /** Every series of {@code snapshot}, one line each, stamped with the snapshot's time. */
    List<String> series(LiveSnapshot snapshot) {
        String time = " " + time(snapshot.timeMillis());
        List<String> out = new ArrayList<>(snapshot.series().size());
        for (LiveSeries s : snapshot.series()) {
            String key = LineProtocolEncoder.escapeMeasurement(measurement(s.family())) + tags(s.labels());
            String fields = s.histogram() != null ? histogram(key, s)
                    : Double.isFinite(s.value()) ? "value=" + number(s.value()) : null; // not known: left out
            if (fields != null) {
                out.add(key + " " + fields + time);
            }
        }
        return out;
    }

    /** An event as a point: its kind and name tags (with the run's labels), its line the field {@code text}. */
    String event(LiveEvent e) {
        Map<String, String> tags = new java.util.LinkedHashMap<>(e.labels());
        tags.put("kind", e.kind().name().toLowerCase(Locale.ROOT));
        tags.put("name", e.name());
        return EVENTS + tags(tags) + " text=" + string(e.text()) + " " + time(e.timeMillis());
    }

    private String histogram(String key, LiveSeries s) {
        LiveSeries.Buckets b = s.histogram();
        long[] before = previous.put(key, b.counts().clone());
        StringBuilder f = new StringBuilder().append("count=").append(b.count()).append("i,sum=").append(number(s.value()));
        long[] delta = new long[b.counts().length];
        for (int i = 0; i < delta.length; i++) {
            delta[i] = b.counts()[i] - (before == null || before.length != delta.length ? 0 : before[i]);
        }
        if (delta.length > 0 && delta[delta.length - 1] > 0) { // no observation since the last push: no quantile
            for (int q = 0; q < QUANTILES.length; q++) {
                f.append(',').append(QUANTILE_FIELDS[q]).append('=')
                        .append(number(quantile(QUANTILES[q], b.upperBounds(), delta)));
            }
        }
        return f.toString();
    }

    /**
     * PromQL's {@code histogram_quantile}: the bucket holding rank {@code q * count}, linearly interpolated between
     * its bounds (the first bucket from 0); a rank in the {@code +Inf} bucket gives the highest finite bound.
     */
    static double quantile(double q, double[] upperBounds, long[] cumulative) {
        long total = cumulative[cumulative.length - 1];
        double rank = q * total;
        int i = 0;
        while (i < cumulative.length - 1 && cumulative[i] < rank) {
            i++;
        }
        if (Double.isInfinite(upperBounds[i])) {
            return upperBounds[Math.max(0, i - 1)];
        }
        double lower = i == 0 ? 0 : upperBounds[i - 1];
        long below = i == 0 ? 0 : cumulative[i - 1];
        long in = cumulative[i] - below;
        return in == 0 ? upperBounds[i] : lower + (upperBounds[i] - lower) * (rank - below) / in;
    }

    private static String tags(Map<String, String> labels) {
        StringBuilder b = new StringBuilder();
        new java.util.TreeMap<>(labels).forEach((k, v) -> { // sorted: InfluxDB's recommended order
            if (v != null && !v.isEmpty()) {
                b.append(',').append(LineProtocolEncoder.escapeKey(k)).append('=').append(LineProtocolEncoder.escapeKey(v));
            }
        });
        return b.toString();
    }

    private String time(long epochMillis) {
        return Long.toString(precision.fromMicros(epochMillis * 1000));
    }

    /** A float field (finite: line protocol holds no NaN), without a needless {@code .0}. */
    private static String number(double v) {
        return v == Math.rint(v) && Math.abs(v) < 1e15 ? Long.toString((long) v) : Double.toString(v);
    }

    private static String string(String s) {
        return "\"" + (s == null ? "" : s.replace("\\", "\\\\").replace("\"", "\\\"").replace("\n", " ")) + "\"";
    }
}
