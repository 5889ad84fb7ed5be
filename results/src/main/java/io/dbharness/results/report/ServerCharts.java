package io.dbharness.results.report;

import io.dbharness.core.api.MetricDescriptor.Unit;
import io.dbharness.core.result.IntervalSample;
import io.dbharness.core.result.ServerSample;
import io.dbharness.core.result.ServerUsage;
import io.dbharness.results.ServerFigures;
import io.dbharness.results.report.ChartSpec.Axis;
import io.dbharness.results.report.ChartSpec.Series;

import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

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

    /**
     * Per run, the first counter its telemetry declared to show that counts things, per second (left: commits/s), and
     * the first that counts bytes, in MB per second (right: WAL MB/s), where the server has them.
     */
    static ChartSpec counters(RunSet set) {
        List<Series> series = new ArrayList<>();
        Set<String> left = new LinkedHashSet<>();
        Set<String> right = new LinkedHashSet<>();
        for (RunSet.Run run : withServer(set)) {
            List<IntervalSample> intervals = TimelineCharts.charted(run.result());
            List<ServerFigures.Figure> shown = ServerFigures.counters(run.result().serverUsage());
            Optional<ServerFigures.Figure> count = first(shown, Unit.COUNT, intervals);
            Optional<ServerFigures.Figure> bytes = first(shown, Unit.BYTES, intervals);
            count.ifPresent(f -> {
                left.add(f.label() + "/s");
                series.add(new Series(run.name() + " " + f.label() + "/s", "line", 0, rate(intervals, f.names(), 1), null));
            });
            bytes.ifPresent(f -> {
                right.add(f.label() + " MB/s");
                series.add(new Series(run.name() + " " + f.label() + " MB/s", "line", 1, rate(intervals, f.names(), 1e6), null));
            });
        }
        if (series.isEmpty()) {
            return null;
        }
        return new ChartSpec("server-counters", "server", "Server counters over time", Axis.value("seconds"),
                Axis.value(axis(left, "per s")), right.isEmpty() ? null : Axis.value(axis(right, "MB/s")), null, series,
                "The server's own counters per second of each interval (every client of the database counts; the"
                        + " server reports them up to a second late). Read beside the throughput chart.");
    }

    /** The axis's name: its series' figure when they share one. */
    private static String axis(Set<String> names, String otherwise) {
        return names.size() == 1 ? names.iterator().next() : otherwise;
    }

    /** The first shown figure in {@code unit} some interval has. */
    private static Optional<ServerFigures.Figure> first(List<ServerFigures.Figure> shown, Unit unit,
                                                        List<IntervalSample> intervals) {
        return shown.stream().filter(f -> f.unit() == unit).findFirst()
                .filter(f -> intervals.stream().anyMatch(i -> i.server() != null
                        && f.names().stream().anyMatch(i.server().counters()::containsKey)));
    }

    private static List<Double[]> rate(List<IntervalSample> intervals, List<String> counters, double unit) {
        List<Double[]> out = new ArrayList<>();
        for (IntervalSample i : intervals) {
            Map<String, Double> c = i.server() == null ? Map.of() : i.server().counters();
            boolean has = counters.stream().anyMatch(c::containsKey);
            double v = counters.stream().mapToDouble(n -> c.getOrDefault(n, 0.0)).sum();
            out.add(ChartSpec.point(i.endSeconds(), !has || i.seconds() <= 0 ? Double.NaN : v / unit / i.seconds()));
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
