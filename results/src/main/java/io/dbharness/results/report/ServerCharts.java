package io.dbharness.results.report;

import io.dbharness.core.result.IntervalSample;
import io.dbharness.core.result.RunResult;
import io.dbharness.core.result.ServerSample;
import io.dbharness.core.result.ServerUsage;
import io.dbharness.results.report.ChartSpec.Axis;
import io.dbharness.results.report.ChartSpec.Series;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * Charts of the target server's own account (server telemetry): per run, where its sessions' server time went over
 * the run (a stacked wait profile); the server's counters over time, to read beside the throughput; the bytes
 * stored per row and per point of each run. None for runs without it.
 */
final class ServerCharts {

    /** Waits drawn by name in a profile; the rest are one band, "other". */
    static final int PROFILE_WAITS = 6;

    private ServerCharts() {
    }

    static List<ChartSpec> select(RunSet set) {
        List<ChartSpec> out = new ArrayList<>();
        for (RunSet.Run run : withServer(set)) {
            ChartSpec c = profile(run);
            if (c != null) {
                out.add(c);
            }
        }
        ChartSpec counters = counters(set);
        if (counters != null) {
            out.add(counters);
        }
        ChartSpec storage = storage(set);
        if (storage != null) {
            out.add(storage);
        }
        return out;
    }

    static List<RunSet.Run> withServer(RunSet set) {
        return set.runs().stream().filter(r -> r.result().serverUsage() != null).toList();
    }


    /** The run's mean sessions on each wait per interval, stacked: the top adds up to the sessions busy on the server. */
    static ChartSpec profile(RunSet.Run run) {
        ServerUsage s = run.result().serverUsage();
        if (s.waitSource() == null || s.waits().isEmpty()) {
            return null;
        }
        List<String> named = s.waitShares().keySet().stream().limit(PROFILE_WAITS).toList();
        boolean other = s.waits().size() > named.size();
        List<Series> series = new ArrayList<>();
        List<IntervalSample> intervals = TimelineCharts.charted(run.result());
        for (String wait : named) {
            series.add(new Series(wait, "stacked", 0, points(intervals, sample -> sample.waits().getOrDefault(wait, 0L)), null));
        }
        if (other) {
            series.add(new Series("other", "stacked", 0, points(intervals, sample -> sample.waits().entrySet().stream()
                    .filter(e -> !named.contains(e.getKey())).mapToLong(Map.Entry::getValue).sum()), null));
        }
        return new ChartSpec("server-waits-" + ChartSpec.slug(run.name()), "server-waits", "Server time by wait: " + run.name(),
                Axis.value("seconds"), Axis.value("sessions (mean)"), null, null, series,
                "Each interval's looks at our sessions (" + s.waitSource() + "), as the mean number of sessions on each"
                        + " wait: CPU is running, the rest waiting. The top of the stack is how many of our sessions were"
                        + " busy on the server.");
    }

    private static List<Double[]> points(List<IntervalSample> intervals, java.util.function.ToLongFunction<ServerSample> f) {
        List<Double[]> out = new ArrayList<>();
        for (IntervalSample i : intervals) {
            ServerSample s = i.server();
            out.add(ChartSpec.point(i.endSeconds(), s == null || s.waitSamples() == 0 ? Double.NaN
                    : f.applyAsLong(s) / (double) s.waitSamples()));
        }
        return out;
    }

    /** Commits per second (left) and WAL MB per second (right) per run, where the server counts them. */
    static ChartSpec counters(RunSet set) {
        List<Series> series = new ArrayList<>();
        for (RunSet.Run run : withServer(set)) {
            List<IntervalSample> intervals = TimelineCharts.charted(run.result());
            if (has(intervals, "commits")) {
                series.add(new Series(run.name() + " commits/s", "line", 0, rate(intervals, "commits", 1), null));
            }
            if (has(intervals, "wal_bytes")) {
                series.add(new Series(run.name() + " WAL MB/s", "line", 1, rate(intervals, "wal_bytes", 1e6), null));
            }
        }
        if (series.isEmpty()) {
            return null;
        }
        return new ChartSpec("server-counters", "server", "Server counters over time", Axis.value("seconds"),
                Axis.value("commits/s"), Axis.value("WAL MB/s"), null, series,
                "The server's own counters per second of each interval (every client of the database counts; the"
                        + " server reports them up to a second late). Read beside the throughput chart.");
    }

    private static boolean has(List<IntervalSample> intervals, String counter) {
        return intervals.stream().anyMatch(i -> i.server() != null && i.server().counters().containsKey(counter));
    }

    private static List<Double[]> rate(List<IntervalSample> intervals, String counter, double unit) {
        List<Double[]> out = new ArrayList<>();
        for (IntervalSample i : intervals) {
            Double v = i.server() == null ? null : i.server().counters().get(counter);
            out.add(ChartSpec.point(i.endSeconds(), v == null || i.seconds() <= 0 ? Double.NaN : v / unit / i.seconds()));
        }
        return out;
    }

    /** Bytes stored per row and per point, one pair of bars per run that wrote rows. */
    static ChartSpec storage(RunSet set) {
        List<RunSet.Run> runs = withServer(set).stream().filter(r -> r.result().serverUsage().bytesPerRow() > 0).toList();
        if (runs.isEmpty()) {
            return null;
        }
        // a size not measured is no bar at all, not a short one: the note names those runs
        List<String> unmeasured = withServer(set).stream().filter(r -> r.result().serverUsage().bytesPerRow() <= 0)
                .map(RunSet.Run::name).toList();
        List<String> cats = runs.stream().map(RunSet.Run::name).toList();
        List<Double[]> perRow = new ArrayList<>();
        List<Double[]> perPoint = new ArrayList<>();
        for (int i = 0; i < runs.size(); i++) {
            ServerUsage s = runs.get(i).result().serverUsage();
            perRow.add(ChartSpec.point(i, s.bytesPerRow()));
            perPoint.add(ChartSpec.point(i, s.bytesPerPoint() < 0 ? Double.NaN : s.bytesPerPoint()));
        }
        return new ChartSpec("storage", "storage", "Storage efficiency: bytes stored per row and per point",
                Axis.category("run"), Axis.value("bytes"), null, cats,
                List.of(new Series("bytes per row", "bar", 0, perRow, null), new Series("bytes per point", "bar", 0, perPoint, null)),
                "What the tables and indexes grew by over the run, per row and per point (value) it wrote."
                        + (unmeasured.isEmpty() ? "" : " Not measured, so left out: " + String.join(", ", unmeasured)
                        + " (the server table says why)."));
    }
}
