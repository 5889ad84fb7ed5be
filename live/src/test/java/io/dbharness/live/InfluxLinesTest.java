package io.dbharness.live;

import io.dbharness.core.encode.LinePrecision;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;

/** The live figures as line protocol: the scrape's names, labels as tags, interval quantiles as PromQL computes them. */
@Timeout(10)
class InfluxLinesTest {

    private static final LiveFamily ROWS = new LiveFamily("dbharness_rows", LiveFamily.Type.COUNTER, "", "rows",
            List.of("run_id", "run_group", "group"));
    private static final LiveFamily BEHIND = new LiveFamily("dbharness_behind_schedule_seconds", LiveFamily.Type.GAUGE,
            "seconds", "behind", List.of("run_id", "group"));
    private static final LiveFamily LATENCY = new LiveFamily("dbharness_operation_duration_seconds",
            LiveFamily.Type.HISTOGRAM, "seconds", "latency", List.of("run_id", "operation_type"));
    private static final double[] BOUNDS = {0.001, 0.002, 0.004, Double.POSITIVE_INFINITY};

    @Test
    void seriesAreLinesUnderTheScrapesNamesWithEmptyLabelsLeftOut() {
        InfluxLines lines = new InfluxLines(LinePrecision.MS);
        LiveSnapshot s = new LiveSnapshot(1_700_000_000_123L, List.of(ROWS, BEHIND), List.of(
                new LiveSeries(ROWS, labels("run_id", "r 1", "run_group", "", "group", "a,b"), 1500, null),
                new LiveSeries(BEHIND, labels("run_id", "r 1", "group", "g"), 0.25, null),
                new LiveSeries(BEHIND, labels("run_id", "r 1", "group", "h"), Double.NaN, null)), List.of());
        assertEquals(List.of("dbharness_rows_total,group=a\\,b,run_id=r\\ 1 value=1500 1700000000123",
                        "dbharness_behind_schedule_seconds,group=g,run_id=r\\ 1 value=0.25 1700000000123"),
                lines.series(s)); // a value not known (NaN) is left out, never written as 0

        InfluxLines seconds = new InfluxLines(LinePrecision.S);
        assertEquals("dbharness_rows_total,run_id=r value=1 1700000000", seconds.series(new LiveSnapshot(1_700_000_000_999L,
                List.of(ROWS), List.of(new LiveSeries(ROWS, labels("run_id", "r"), 1, null)), List.of())).get(0));
    }

    @Test
    void aHistogramCarriesItsCountSumAndTheQuantilesOfTheObservationsSinceThePreviousPush() {
        InfluxLines lines = new InfluxLines(LinePrecision.MS);
        // first push: 100 observations, 50 at or below 1 ms, 90 at or below 2 ms, 100 at or below 4 ms
        String first = histogram(lines, 0.15, 50, 90, 100, 100);
        assertEquals("dbharness_operation_duration_seconds,operation_type=insert,run_id=r", first.split(" ")[0]);
        assertEquals("1000", first.split(" ")[2]);
        assertFields(first, Map.of("count", 100.0, "sum", 0.15, "p50", 0.001, "p90", 0.002, "p99", 0.0038, "p999", 0.00398));
        // second push: 100 more, all between 2 and 4 ms; the quantiles are of those only
        assertFields(histogram(lines, 0.45, 50, 90, 200, 200),
                Map.of("count", 200.0, "sum", 0.45, "p50", 0.003, "p90", 0.0038, "p99", 0.00398, "p999", 0.003998));
        // nothing since: count and sum only
        assertFields(histogram(lines, 0.45, 50, 90, 200, 200), Map.of("count", 200.0, "sum", 0.45));
    }

    /** The line's fields are {@code expected}, numbers equal up to the last bits of a double's rounding. */
    private static void assertFields(String line, Map<String, Double> expected) {
        Map<String, Double> fields = new java.util.TreeMap<>();
        for (String f : line.split(" ")[1].split(",")) {
            String[] kv = f.split("=");
            fields.put(kv[0], Double.parseDouble(kv[1].replace("i", "")));
        }
        assertEquals(new java.util.TreeSet<>(expected.keySet()), fields.keySet(), line);
        expected.forEach((k, v) -> assertEquals(v, fields.get(k), 1e-12, k + " in " + line));
    }

    @Test
    void quantilesInTheInfiniteBucketAreTheHighestFiniteBound() {
        assertEquals(0.004, InfluxLines.quantile(0.99, BOUNDS, new long[] {0, 0, 1, 10}));
        assertEquals(0.0005, InfluxLines.quantile(0.5, BOUNDS, new long[] {10, 10, 10, 10}));
    }

    @Test
    void anEventIsAPointOfTheEventsMeasurementWithItsText() {
        LiveEvent e = new LiveEvent(2_000, LiveEvent.Kind.STEP, "step", "find-max step 3: rate=\"4000\"",
                labels("run_id", "", "step", "3"));
        assertEquals("dbharness_events,kind=step,name=step,step=3 text=\"find-max step 3: rate=\\\"4000\\\"\" 2000",
                new InfluxLines(LinePrecision.MS).event(e));
    }

    private static String histogram(InfluxLines lines, double sum, long... cumulative) {
        LiveSeries s = new LiveSeries(LATENCY, labels("run_id", "r", "operation_type", "insert"), sum,
                new LiveSeries.Buckets(BOUNDS, cumulative));
        return lines.series(new LiveSnapshot(1_000, List.of(LATENCY), List.of(s), List.of())).get(0);
    }

    private static Map<String, String> labels(String... kv) {
        Map<String, String> m = new LinkedHashMap<>();
        for (int i = 0; i < kv.length; i += 2) {
            m.put(kv[i], kv[i + 1]);
        }
        return m;
    }
}
