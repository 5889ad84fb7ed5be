package io.dbharness.results.report;

import io.dbharness.core.api.WorkloadFacts;
import io.dbharness.core.result.HostSample;
import io.dbharness.core.result.IntervalSample;
import io.dbharness.core.result.RunResult;
import io.dbharness.results.report.ChartSpec.Axis;
import io.dbharness.results.report.ChartSpec.Series;
import io.dbharness.results.stats.Headline;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.ToDoubleFunction;

/** Charts over the time of each run, from its watch intervals: throughput, and the host's CPU, disk and network. */
final class TimelineCharts {

    private TimelineCharts() {
    }

    /** One chart per unit (rows/s, or points/s where runs skipped rows, for ingest runs; ops/s for the others), one line per run. */
    static List<ChartSpec> throughput(RunSet set) {
        Map<String, List<Series>> byUnit = new LinkedHashMap<>();
        List<String> unmeasured = new ArrayList<>();
        for (RunSet.Run run : set.runs()) {
            RunResult r = run.result();
            if (!RunSet.measured(r)) {
                unmeasured.add(run.name()); // no operation completed: no rate to draw, not a rate of 0
                continue;
            }
            // as the run is judged: rows (points where some run skipped rows) for ingest, operations for queries and
            // transactions (TPC-C's rows are incidental)
            String unit = set.headlineName(run.configuration());
            unit = unit.equals(Headline.ROWS) || unit.equals(Headline.POINTS) ? unit : "ops/s";
            List<Double[]> points = new ArrayList<>();
            for (IntervalSample s : charted(r)) {
                double v = unit.equals(Headline.ROWS) ? s.rowsPerSecond()
                        : s.groups().stream().map(IntervalSample.GroupInterval::totals).mapToDouble(unit.equals(Headline.POINTS)
                                ? io.dbharness.core.result.Totals::pointsPerSecond : io.dbharness.core.result.Totals::operationsPerSecond).sum();
                points.add(ChartSpec.point(s.endSeconds(), v));
            }
            byUnit.computeIfAbsent(unit, k -> new ArrayList<>()).add(Series.line(run.name(), points));
        }
        List<ChartSpec> out = new ArrayList<>();
        byUnit.forEach((unit, series) -> out.add(new ChartSpec(byUnit.size() == 1 ? "throughput" : "throughput-" + ChartSpec.slug(unit),
                "throughput", "Throughput over time (" + unit + ")", Axis.value("seconds"), Axis.value(unit), null, null,
                series, "Each watch interval's rate, plotted at the interval's end (a tail shorter than half an interval is left out)."
                + (unmeasured.isEmpty() ? "" : " Not measured, so left out: " + String.join(", ", unmeasured)
                + " (no operation completed)."))));
        return out;
    }

    /**
     * Freshness over time beside the ingest rate, for the runs with a freshness probe: per watch interval, the p50 and
     * p99 of the samples that became visible in it (left axis), and the rows per second written (right axis).
     */
    static List<ChartSpec> freshness(RunSet set) {
        List<Series> series = new ArrayList<>();
        for (RunSet.Run run : set.runs()) {
            RunResult r = run.result();
            if (r.workloadFacts().freshness() == null) {
                continue;
            }
            List<Double[]> p50 = new ArrayList<>();
            List<Double[]> p99 = new ArrayList<>();
            List<Double[]> rows = new ArrayList<>();
            for (IntervalSample s : charted(r)) {
                IntervalSample.TypeInterval t = s.groups().stream().flatMap(g -> g.types().stream())
                        .filter(x -> x.type().equals(WorkloadFacts.Freshness.TYPE) && x.counts().completed() > 0).findFirst().orElse(null);
                p50.add(ChartSpec.point(s.endSeconds(), t == null ? Double.NaN : t.p50Millis()));
                p99.add(ChartSpec.point(s.endSeconds(), t == null ? Double.NaN : t.p99Millis()));
                rows.add(ChartSpec.point(s.endSeconds(), s.rowsPerSecond()));
            }
            series.add(Series.line(run.name() + " freshness p50", p50));
            series.add(Series.line(run.name() + " freshness p99", p99));
            series.add(new Series(run.name() + " rows/s written", "line", 1, rows, null));
        }
        if (series.isEmpty()) {
            return List.of();
        }
        return List.of(new ChartSpec("freshness", "freshness", "Freshness over time, beside the ingest rate",
                Axis.value("seconds"), Axis.value("ms from acknowledgement to a query seeing the row"), Axis.value("rows/s"),
                null, series, "Each watch interval's samples by when their row became visible (none: a gap); each"
                + " sample overstates by up to one probe interval and one probe query (the summary's resolution)."));
    }

    /** CPU, disk and network of the host per interval, for the runs that could read them; none when no run could. */
    static List<ChartSpec> host(RunSet set) {
        List<RunSet.Run> runs = set.runs().stream()
                .filter(r -> r.result().intervals().stream().anyMatch(s -> s.host() != null)).toList();
        if (runs.isEmpty()) {
            return List.of();
        }
        String note = scopeNote(runs);
        List<Series> cpu = new ArrayList<>();
        List<Series> disk = new ArrayList<>();
        List<Series> net = new ArrayList<>();
        for (RunSet.Run run : runs) {
            cpu.add(Series.line(run.name() + " cpu busy %", samples(run.result(),
                    h -> known(h.cpuUserPercent()) + known(h.cpuSystemPercent()))));
            cpu.add(Series.line(run.name() + " iowait %", samples(run.result(), h -> known(h.cpuIowaitPercent()))));
            disk.add(Series.line(run.name() + " read MB/s", samples(run.result(), h -> known(h.diskReadMegabytesPerSecond()))));
            disk.add(Series.line(run.name() + " write MB/s", samples(run.result(), h -> known(h.diskWriteMegabytesPerSecond()))));
            net.add(Series.line(run.name() + " receive MB/s", samples(run.result(), h -> known(h.netReceiveMegabytesPerSecond()))));
            net.add(Series.line(run.name() + " transmit MB/s", samples(run.result(), h -> known(h.netTransmitMegabytesPerSecond()))));
        }
        return List.of(
                new ChartSpec("host-cpu", "host", "Host CPU", Axis.value("seconds"), Axis.value("% of all cores"), null, null, cpu,
                        "Busy = user + system time. " + note),
                new ChartSpec("host-disk", "host", "Host disk", Axis.value("seconds"), Axis.value("MB/s"), null, null, disk, note),
                new ChartSpec("host-net", "host", "Host network", Axis.value("seconds"), Axis.value("MB/s"), null, null, net, note));
    }

    /**
     * What the figures cover, from the runs' own words: with an embedded or local target the server's use is in
     * them, and the reader must know that before comparing with a remote target.
     */
    static String scopeNote(List<RunSet.Run> runs) {
        Set<String> scopes = new LinkedHashSet<>();
        int onHost = 0;
        for (RunSet.Run r : runs) {
            if (r.result().resources() != null) {
                scopes.add(r.result().resources().scope());
                onHost += r.result().resources().targetOnHost() ? 1 : 0;
            }
        }
        String what = scopes.isEmpty() ? "The client host (the machine the harness ran on)." : "Scope: " + String.join("; ", scopes) + ".";
        if (onHost == 0) {
            return what;
        }
        return what + (onHost == runs.size() ? " The target ran on this host, so its use is included."
                : " Where the target ran on this host (embedded, localhost or inside the harness), its use is included.");
    }

    private static List<Double[]> samples(RunResult r, ToDoubleFunction<HostSample> f) {
        List<Double[]> out = new ArrayList<>();
        for (IntervalSample s : charted(r)) {
            out.add(ChartSpec.point(s.endSeconds(), s.host() == null ? Double.NaN : f.applyAsDouble(s.host())));
        }
        return out;
    }

    /**
     * The intervals worth a point: a tail shorter than half the longest interval (the last batches draining, a
     * few milliseconds) has rates that are noise, a spike or a drop to zero that never happened. A run of one
     * interval keeps it.
     */
    static List<IntervalSample> charted(RunResult r) {
        double longest = r.intervals().stream().mapToDouble(IntervalSample::seconds).max().orElse(0);
        List<IntervalSample> kept = r.intervals().stream().filter(s -> s.seconds() >= longest / 2).toList();
        return kept.isEmpty() ? r.intervals() : kept;
    }

    /** -1 marks a figure that could not be read: a gap, not a dip to -1. */
    private static double known(double v) {
        return v < 0 ? Double.NaN : v;
    }
}
