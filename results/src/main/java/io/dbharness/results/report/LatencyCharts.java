package io.dbharness.results.report;

import io.dbharness.core.result.OperationStats;
import io.dbharness.core.result.RunResult;
import io.dbharness.results.report.ChartSpec.Axis;
import io.dbharness.results.report.ChartSpec.Series;
import org.HdrHistogram.Histogram;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/** LatencyDistribution from the stored histograms: percentile distributions, and throughput and p99 per operation type. */
final class LatencyCharts {

    private LatencyCharts() {
    }

    /** One chart per operation type, one line per run: milliseconds against the percentile on a "nines" axis. */
    static List<ChartSpec> distributions(RunSet set) {
        Map<String, List<Series>> byType = new LinkedHashMap<>();
        for (RunSet.Run run : set.runs()) {
            LatencyDistribution.byType(run.result()).forEach((type, h) -> {
                List<Double[]> points = new ArrayList<>();
                for (LatencyDistribution.Point p : LatencyDistribution.distribution(h)) {
                    points.add(ChartSpec.point(p.nines(), p.millis()));
                }
                byType.computeIfAbsent(type, k -> new ArrayList<>()).add(Series.line(run.name(), points));
            });
        }
        List<ChartSpec> out = new ArrayList<>();
        Set<String> ids = new LinkedHashSet<>();
        byType.forEach((type, series) -> {
            String id = "latency-" + ChartSpec.slug(type);
            while (!ids.add(id)) {
                id += "-x"; // two types that differ only in punctuation
            }
            out.add(new ChartSpec(id, "latency", "Latency distribution: " + type, new Axis("percentile", "nines"),
                    Axis.value("ms"), null, null, series,
                    "From each run's whole-run HdrHistogram; the last point of a line is the maximum."));
        });
        return out;
    }

    /**
     * For workloads whose runs have several operation types (TPC-C's transactions, the query catalogue): completed
     * operations per second and p99 per type, one bar per configuration, whiskers for repetitions.
     */
    static List<ChartSpec> perType(RunSet set) {
        List<ChartSpec> out = new ArrayList<>();
        set.byWorkload().forEach((workload, configs) -> {
            Set<String> types = new LinkedHashSet<>();
            configs.forEach(n -> n.configuration().runs().forEach(r -> r.operations().forEach(o -> types.add(o.type()))));
            if (types.size() < 2) {
                return;
            }
            List<String> cats = List.copyOf(types);
            List<Series> rate = new ArrayList<>();
            List<Series> p99 = new ArrayList<>();
            for (RunSet.Named n : configs) {
                rate.add(Bars.series(n.name(), cats.size(), i -> n.configuration().estimate(r -> typeRate(r, cats.get(i)))));
                p99.add(Bars.series(n.name(), cats.size(), i -> n.configuration().estimate(r -> typeP99(r, cats.get(i)))));
            }
            String w = ChartSpec.slug(workload);
            String note = Bars.note(configs) + Bars.missing(configs, n -> !n.configuration().succeeded().isEmpty());
            out.add(new ChartSpec("types-rate-" + w, "types", workload + ": operations per second by type",
                    Axis.category("operation type"), Axis.value("ops/s"), null, cats, rate, note));
            out.add(new ChartSpec("types-p99-" + w, "types", workload + ": p99 latency by type",
                    Axis.category("operation type"), Axis.value("ms"), null, cats, p99, note));
        });
        return out;
    }

    /** Completed operations of a type per second of the run (all groups); NaN when the run had none of it. */
    static double typeRate(RunResult r, String type) {
        double s = r.totals().durationSeconds();
        long n = 0;
        boolean any = false;
        for (OperationStats o : r.operations()) {
            if (o.type().equals(type)) {
                n += o.counts().completed();
                any = true;
            }
        }
        return any && s > 0 ? n / s : Double.NaN;
    }

    /** p99 of a type over all groups: from the merged histogram, or the type's own figure when none was kept. */
    static double typeP99(RunResult r, String type) {
        Histogram h = LatencyDistribution.byType(r).get(type);
        if (h != null) {
            return LatencyDistribution.millisAt(h, 99);
        }
        return r.operations().stream().filter(o -> o.type().equals(type)).mapToDouble(OperationStats::p99Millis)
                .max().orElse(Double.NaN);
    }
}
