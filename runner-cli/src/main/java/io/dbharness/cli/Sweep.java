package io.dbharness.cli;

import io.dbharness.core.engine.Registry;
import io.dbharness.search.VaryAxis;
import picocli.CommandLine.ParseResult;

import java.io.PrintStream;
import java.nio.file.Path;
import java.time.LocalDateTime;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * {@code runner sweep --vary NAME=V1,V2 [--vary ...] [run flags]}: the points in order, every one checked
 * before the first runs, one result file per run into {@code --results}, then a table of the runs and the
 * report over their files.
 */
final class Sweep {

    private final PrintStream out;
    private final PrintStream err;
    private final Registry registry;
    private final SingleRun runner;

    Sweep(PrintStream out, PrintStream err, Registry registry, SingleRun runner) {
        this.out = out;
        this.err = err;
        this.registry = registry;
        this.runner = runner;
    }

    /** The sweep's points, every one checked as its run would check it; nothing runs or is written. */
    SweepPlan plan(ParseResult pr) {
        List<VaryAxis> axes = new ArrayList<>();
        String[] vary = pr.matchedOptionValue("--vary", new String[0]);
        for (String v : vary) {
            axes.add(VaryAxis.parse(v));
        }
        return SweepPlan.of(pr, RunConfig.from(pr, registry, err).refuseRepeatedShard(), axes, registry, runner);
    }

    int run(ParseResult pr) {
        SweepPlan plan = plan(pr);
        RunConfig base = plan.base();
        ResultsDir.check(base.resultsDir());
        String outOption = pr.matchedOptionValue("--out", null);
        Path reportDir = outOption == null ? base.resultsDir().resolve("report-" + LocalDateTime.now()
                .format(DateTimeFormatter.ofPattern("yyyyMMdd-HHmmss"))) : Path.of(outOption);
        if (outOption != null) {
            // asked for: a typo must not surface only after the last point
            ResultsDir.check(reportDir, "cannot write the report to ", "--out");
        }
        plan.skipped().forEach(s -> Main.printWarning(err, s + "; left out"));
        out.println("sweep: " + plan.points().size() + (plan.points().size() == 1 ? " point" : " points")
                + (base.repeat() > 1 ? " × " + base.repeat() + " repetitions" : "") + ", results into " + base.resultsDir());

        // the signals are taken until the table and report are written: one between two points is not lost
        try (LiveExport live = LiveExport.open(base, runner.env(), err); Interrupts interrupts = Interrupts.forSeries(err)) {
            runner.live(live);
            int code = run(plan, reportDir, new Series(err, runner, interrupts));
            if (interrupts.isRequested()) {
                live.stopped();
            }
            return code;
        }
    }

    private int run(SweepPlan plan, Path reportDir, Series series) {
        RunConfig base = plan.base();
        List<Series.Run> runs = series.run(plan.points(), base.repeat());
        out.println();
        out.println("sweep: " + Series.made(runs) + " of " + plan.points().size() * base.repeat() + " runs made");
        out.print(SeriesTable.render(runs, base.repeat() > 1));
        if (base.repeat() > 1) {
            Map<SweepPoint, List<Series.Run>> byPoint = new LinkedHashMap<>();
            runs.forEach(r -> byPoint.computeIfAbsent(r.point(), k -> new ArrayList<>()).add(r));
            byPoint.forEach((p, rs) -> out.println("  " + p.number() + " " + p.label() + ": " + Series.spread(rs, Series.results(runs))));
        }
        List<Path> files = runs.stream().map(r -> r.outcome().file()).filter(java.util.Objects::nonNull).toList();
        int code = series.exitCode(runs);
        if (!files.isEmpty()) { // the table names each result file
            try {
                List<String> missing = runs.stream().filter(r -> r.outcome().file() == null)
                        .map(r -> "point " + r.point().number() + " (" + r.point().label() + ")"
                                + (base.repeat() > 1 ? " repetition " + r.repetition() : "")
                                + " left no result, exit code " + r.outcome().exitCode()).toList();
                out.println("report: " + io.dbharness.results.report.Report.write(files, reportDir, missing));
            } catch (java.io.IOException e) {
                // the runs are kept; like a result file that cannot be written, it fails the command
                Main.printError(err, "cannot write the report to " + reportDir + ": " + ResultsDir.reason(e));
                return code == ExitCode.OK ? ExitCode.RUN_FAILED : code;
            } catch (io.dbharness.results.ResultFileException e) {
                Main.printError(err, "runner report: " + e.getMessage());
                return code == ExitCode.OK ? ExitCode.RUN_FAILED : code;
            }
        }
        return series.exitCode(runs); // a signal while the report was written too
    }
}
