package io.dbharness.cli;

import io.dbharness.core.api.UsageException;
import io.dbharness.core.result.RunResult;
import io.dbharness.results.Fmt;
import io.dbharness.results.stats.Configuration;
import io.dbharness.results.stats.Estimate;
import io.dbharness.results.stats.Headline;

import java.io.PrintStream;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * Runs in a row: every point of a sweep, or one configuration {@code --repeat N} times, each repetition of a
 * point right after the previous one. A run that fails does not end the series (a sweep over targets goes on
 * past a target that is down); a signal (Ctrl-C) does, whenever it comes: after the current run's summary and result,
 * or between two runs before the next one starts.
 */
final class Series {

    /** One run of the series: its point, its repetition (1-based) and how it ended. */
    record Run(SweepPoint point, int repetition, SingleRun.Outcome outcome) {
    }

    private final PrintStream err;
    private final SingleRun runner;
    private final Interrupts interrupts;

    /** @param interrupts the signals, taken for the whole series by the caller, which sums the runs up after it */
    Series(PrintStream err, SingleRun runner, Interrupts interrupts) {
        this.err = err;
        this.runner = runner;
        this.interrupts = interrupts;
    }

    /**
     * @param points the points in order; one point without values for a plain run repeated
     * @return the runs made, fewer than {@code points × repeat} when a stop was requested
     */
    List<Run> run(List<SweepPoint> points, int repeat) {
        // the library's series: each point repeat times, none started once a stop is requested
        List<Run> runs = io.dbharness.search.Sweep.run(points, repeat, (p, number, rep) -> {
            PrintStream report = runner.report(p.config().options());
            if (number > 1 || rep > 1) {
                report.println(); // the previous run's summary ends just above
            }
            String header = header(p, points.size(), rep, repeat);
            report.println(header);
            SingleRun.Outcome o;
            try {
                // the step a live export labels: the point, or the repetition of a plain run
                o = runner.run(p.config(), interrupts, String.valueOf(p.values().isEmpty() ? rep : p.number()),
                        header.replace("==", "").strip());
            } catch (UsageException e) {
                // refused while preparing (a database missing on one target): the other points may still run
                Main.printError(err, (p.values().isEmpty() ? "" : "sweep point " + p.label() + ": ") + e.getMessage());
                o = new SingleRun.Outcome(ExitCode.USAGE, null, null, false);
            }
            return o;
        }, made -> !interrupts.isRequested()).stream().map(r -> new Run(r.point(), r.repetition(), r.outcome())).toList();
        long left = (long) points.size() * repeat - made(runs);
        if (interrupts.isRequested() && left > 0) { // a run given up while it prepared was not started either
            err.println("stopped: " + left + (left == 1 ? " run" : " runs") + " of the series not started");
        }
        return runs;
    }

    /** The runs that started measuring: not one stopped while it prepared (no result, nothing measured). */
    static long made(List<Run> runs) {
        return runs.stream().filter(r -> !(r.outcome().stopped() && r.outcome().result() == null)).count();
    }

    /** {@code == point 2/6: total-metrics-count=100 (repetition 1/3) ==}, or {@code == repetition 2/3 ==}. */
    private static String header(SweepPoint p, int points, int rep, int repeat) {
        String repetition = "repetition " + rep + "/" + repeat;
        if (p.values().isEmpty()) {
            return "== " + repetition + " ==";
        }
        return "== point " + p.number() + "/" + points + ": " + p.label() + (repeat > 1 ? " (" + repetition + ")" : "") + " ==";
    }

    /**
     * The signal's exit code (129, 130, 143) when one came, whenever it did; else the worst of the runs': a lost target
     * (3) over bad usage (2) over errors (1).
     */
    int exitCode(List<Run> runs) {
        return interrupts.isRequested() ? interrupts.requested().exitCode()
                : runs.stream().mapToInt(r -> r.outcome().exitCode()).max().orElse(ExitCode.OK);
    }

    /**
     * Mean and 95% interval (Student's t) of the headline figure over the runs of one point that exited 0, one
     * figure for them all (see {@link Configuration#headline()}), as the report and compare take it.
     */
    static String spread(List<Run> runs) {
        return spread(runs, results(runs));
    }

    /** {@link #spread(List)} in the figure these runs share with {@code among} (see {@link SeriesTable#figure}). */
    static String spread(List<Run> runs, List<RunResult> among) {
        List<RunResult> results = results(runs);
        Configuration c = results.isEmpty() ? null : new Configuration(Map.of(), results);
        if (c == null || c.succeeded().isEmpty()) {
            return runs.stream().anyMatch(r -> r.outcome().stopped()) && runs.stream().noneMatch(r -> r.outcome().result() != null
                    && !r.outcome().stopped()) ? "stopped before a run finished: no mean"
                    : "no run finished without errors: no mean";
        }
        String name = SeriesTable.figure(c.succeeded().get(0), among);
        Estimate e = c.headline(name);
        String mean = e.n() == 1 ? "mean " + Fmt.rate(e.mean()) + " " + name + " (1 run: no interval)"
                : "mean " + Fmt.rate(e.mean()) + " ± " + Fmt.rate(e.ciHalfWidth95()) + " " + name
                        + " (95% CI, Student's t, " + e.n() + " runs)";
        int left = runs.size() - e.n();
        // an interval wider than half the mean says little: the runs are too short, or the machine too busy
        String wide = e.relativeHalfWidth() > 0.5 ? "; the interval is wider than half the mean: longer runs or more"
                + " repetitions narrow it" : "";
        return mean + (left > 0 ? "; " + left + " of " + runs.size() + " runs left out (not exit 0)" : "") + wide;
    }

    /** The results the runs left. */
    static List<RunResult> results(List<Run> runs) {
        return runs.stream().map(r -> r.outcome().result()).filter(Objects::nonNull).toList();
    }

    /** {@code 12,345 rows/s}. */
    static String describe(Headline h) {
        return Fmt.rate(h.value()) + " " + h.name();
    }
}
