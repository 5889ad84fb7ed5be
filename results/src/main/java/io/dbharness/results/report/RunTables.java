package io.dbharness.results.report;

import io.dbharness.core.result.OperationStats;
import io.dbharness.core.result.RunResult;
import io.dbharness.results.report.Table.Column;
import io.dbharness.results.report.Table.Kind;
import io.dbharness.results.stats.Estimate;
import io.dbharness.results.stats.Headline;
import org.HdrHistogram.Histogram;

import java.util.ArrayList;
import java.util.List;

/** What was measured: every run, every configuration over its repetitions, latency per operation type. */
final class RunTables {

    private RunTables() {
    }

    /** One row per run with the settings that differ between the runs as columns of their own. */
    static Table runs(RunSet set) {
        List<String> options = set.varying().stream().filter(v -> !RunSet.IDENTITY.contains(v)).sorted().toList();
        List<Column> cols = new ArrayList<>(List.of(col("run"), col("label"), col("target"), col("workload")));
        options.forEach(o -> cols.add(col(o)));
        // rows written and skipped beside the rate: a target that skips rows (empty ones) stored fewer; points are alike
        cols.addAll(List.of(col("headline"), new Column("value", Kind.RATE), new Column("rows", Kind.COUNT),
                new Column("skipped rows", Kind.COUNT), new Column("points", Kind.COUNT), new Column("p50 ms", Kind.MILLIS),
                new Column("p99 ms", Kind.MILLIS), new Column("errors", Kind.COUNT), col("verification"),
                new Column("exit code", Kind.COUNT), col("stop reason"), col("run id")));
        List<List<Object>> rows = new ArrayList<>();
        for (RunSet.Run run : set.runs()) {
            RunResult r = run.result();
            Headline h = Headline.of(r, set.headlineName(run.configuration()));
            List<Object> row = new ArrayList<>(List.of(run.name(), text(r.label()), r.target(), r.workload()));
            options.forEach(o -> row.add(run.configuration().configuration().settings().get(o)));
            // a run that completed nothing has no throughput: not measured, rather than 0 (or another unit's 0)
            boolean measured = RunSet.measured(r);
            row.addAll(java.util.Arrays.asList(measured ? h.name() : "not measured", measured ? h.value() : null, r.totals().counts().rows(), r.totals().counts().skippedRows(), r.totals().counts().points(), p50(r), p99(r), r.totals().counts().errors(),
                    r.verification() == null ? null : r.verification().status(), (long) r.exitCode(), r.stopReason().name(), r.runId()));
            rows.add(row);
        }
        return new Table("runs", "Runs", cols, rows);
    }

    /** Each configuration's headline and p99 over its repetitions: mean and 95% confidence interval. */
    static Table configurations(RunSet set) {
        List<Column> cols = List.of(col("configuration"), col("workload"), new Column("runs", Kind.COUNT), col("headline"),
                new Column("mean", Kind.RATE), new Column("± 95% CI %", Kind.CI_PERCENT), new Column("p99 ms", Kind.MILLIS),
                new Column("p99 ± 95% CI %", Kind.CI_PERCENT));
        List<List<Object>> rows = new ArrayList<>();
        int leftOut = 0;
        for (RunSet.Named n : set.configurations()) {
            String figure = set.headlineName(n);
            Estimate h = n.configuration().headline(figure);
            Estimate p99 = n.configuration().estimate(RunTables::p99);
            leftOut += n.configuration().leftOut();
            rows.add(List.of(n.name(), n.workload(), (long) n.configuration().succeeded().size(),
                    figure, h.mean(), h.relativeHalfWidth(), p99.mean(), p99.relativeHalfWidth()));
        }
        // the same rule as compare and --repeat: a failed run's figures describe the failure, not the configuration
        String note = leftOut == 0 ? "" : "; " + leftOut + (leftOut == 1 ? " run" : " runs") + " left out: exit code not 0";
        return new Table("configurations", "Configurations (mean of the repetitions, 95% confidence interval" + note + ")",
                cols, rows);
    }

    /** Per run, group and operation type: counts and the latency percentiles the run recorded. */
    static Table latency(RunSet set) {
        List<Column> cols = List.of(col("run"), col("group"), col("type"), new Column("completed", Kind.COUNT),
                new Column("errors", Kind.COUNT), new Column("ops/s", Kind.RATE), new Column("mean ms", Kind.MILLIS),
                new Column("p50 ms", Kind.MILLIS), new Column("p90 ms", Kind.MILLIS), new Column("p99 ms", Kind.MILLIS),
                new Column("p99.9 ms", Kind.MILLIS), new Column("max ms", Kind.MILLIS));
        List<List<Object>> rows = new ArrayList<>();
        for (RunSet.Run run : set.runs()) {
            for (OperationStats o : run.result().operations()) {
                rows.add(List.of(run.name(), o.group(), o.type(), o.counts().completed(), o.counts().errors(), opsPerSecond(run.result(), o),
                        o.meanMillis(), o.p50Millis(), o.p90Millis(), o.p99Millis(), o.p999Millis(), o.maxMillis()));
            }
        }
        return new Table("latency", "Latency per operation type", cols, rows);
    }

    /** Completed operations of a type per second of the measured run. */
    static double opsPerSecond(RunResult r, OperationStats o) {
        double s = r.totals().durationSeconds();
        return s > 0 ? o.counts().completed() / s : Double.NaN;
    }

    static double p50(RunResult r) {
        return percentile(r, 50);
    }

    /** Over every operation of the run, from the merged histograms; a lone type's own figure when none was kept. */
    static double p99(RunResult r) {
        return percentile(r, 99);
    }

    private static double percentile(RunResult r, double p) {
        Histogram h = LatencyDistribution.whole(r);
        if (h != null) {
            return LatencyDistribution.millisAt(h, p);
        }
        if (r.operations().size() == 1) {
            OperationStats o = r.operations().get(0);
            return p == 50 ? o.p50Millis() : o.p99Millis();
        }
        return Double.NaN;
    }

    static Column col(String name) {
        return new Column(name, Kind.TEXT);
    }

    private static Object text(String s) {
        return s == null ? "" : s;
    }
}
