package io.dbharness.cli;

import io.dbharness.core.api.TargetException;
import io.dbharness.core.config.RunOptions;
import io.dbharness.core.engine.Harness;
import io.dbharness.core.engine.Registry;
import io.dbharness.core.engine.RunSpec;
import io.dbharness.core.engine.StopSignal;
import io.dbharness.core.result.ErrorSummary;
import io.dbharness.core.result.ProgressListener;
import io.dbharness.core.result.RunResult;
import io.dbharness.results.ProgressPrinter;
import io.dbharness.results.ResultFiles;
import io.dbharness.results.SummaryTable;
import io.dbharness.tools.ToolRun;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Path;
import java.util.Locale;
import java.util.Map;

/**
 * One run as {@code runner} does it, the same for a plain run, a repetition and a sweep point: Ctrl-C handled,
 * progress, result file, summary and the error line that explains the exit code.
 */
public final class SingleRun {

    /**
     * How a run ended.
     *
     * @param file    the result file, null when none was written
     * @param result  what the run measured, null when it never started
     * @param stopped this run was stopped (Ctrl-C, SIGTERM, SIGHUP), or given up before it started: nothing more should start
     */
    public record Outcome(int exitCode, Path file, RunResult result, boolean stopped) {
    }

    private final PrintStream out;
    private final PrintStream err;
    private final Map<String, String> env;
    private final Registry registry;
    private LiveExport live = LiveExport.NONE;

    SingleRun(PrintStream out, PrintStream err, Map<String, String> env, Registry registry) {
        this.out = out;
        this.err = err;
        this.env = env;
        this.registry = registry;
    }

    /** The environment its runs read (credentials, {@code PG*}). */
    Map<String, String> env() {
        return env;
    }

    /** Its runs' figures go to {@code export} too ({@code --metrics-listen}, {@code --metrics-push}). */
    SingleRun live(LiveExport export) {
        this.live = export;
        return this;
    }

    /** Where the summary goes: rows streamed to stdout ({@code --output -}) must not be followed by it. */
    PrintStream report(Map<String, String> options) {
        return "-".equals(options.get("output")) ? err : out;
    }

    /** The spec of a run of {@code config}, also for checking it before anything runs. */
    RunSpec spec(RunConfig config, ProgressListener progress, StopSignal stop) {
        return RunSpec.builder().target(config.target()).workload(config.workload()).options(config.options())
                .environment(env).progress(progress).stopSignal(stop).build();
    }

    /** The lines around the result JSON that {@code --print-result} prints (deploy/kubernetes/collect.sh finds them). */
    static final String RESULT_BEGIN = "-----BEGIN DBHARNESS RESULT-----";
    static final String RESULT_END = "-----END DBHARNESS RESULT-----";

    /** Runs {@code config} once; bad usage found before the run starts is thrown as a {@code UsageException}. */
    Outcome run(RunConfig config) {
        return run(config, ToolRun.Report.NONE);
    }

    /** @param toolReport another tool's report of the run ({@link io.dbharness.tools.SeedTool}), printed before the summary */
    Outcome run(RunConfig config, ToolRun.Report toolReport) {
        try (Interrupts interrupts = Interrupts.forRun(err)) {
            Outcome o = run(config, toolReport, interrupts);
            // a signal while the summary was written: the run stood, but the command was stopped
            return interrupts.isRequested() && !o.stopped()
                    ? new Outcome(interrupts.requested().exitCode(), o.file(), o.result(), true) : o;
        }
    }

    /**
     * One run of a series, whose {@code interrupts} take the signals for all its runs. {@link Outcome#stopped()}
     * says whether this run was stopped; one that came after it ended is the series' ({@link Interrupts#isRequested()}).
     */
    Outcome run(RunConfig config, Interrupts interrupts) {
        return run(config, ToolRun.Report.NONE, interrupts, "", "");
    }

    /**
     * One run of a series, its step named for the live export.
     *
     * @param step the step's number in the series ({@code 3})
     * @param what the step for people ({@code find-max step 3: rate=4000})
     */
    Outcome run(RunConfig config, Interrupts interrupts, String step, String what) {
        return run(config, ToolRun.Report.NONE, interrupts, step, what);
    }

    private Outcome run(RunConfig config, ToolRun.Report toolReport, Interrupts interrupts) {
        return run(config, toolReport, interrupts, "", "");
    }

    private Outcome run(RunConfig config, ToolRun.Report toolReport, Interrupts interrupts, String step, String what) {
        Map<String, String> options = config.options();
        boolean watch = !"true".equals(options.get("no-watch"));
        StopSignal stop = interrupts.begin();
        RunResult result;
        try {
            if (stop.isRequested()) { // a signal just before: nothing starts
                return new Outcome(stop.requested().exitCode(), null, null, true);
            }
            io.dbharness.live.LiveRun liveRun = live.run(config, registry, env, step, what);
            ProgressListener progress = watch ? new ProgressPrinter(err) : ProgressListener.NONE;
            RunSpec spec = spec(config, liveRun == null ? progress : progress.and(liveRun), stop);
            try {
                result = Harness.run(spec, registry);
                if (liveRun != null) {
                    live.finish(liveRun, result);
                    io.dbharness.core.result.MetricsPush pushed = live.pushed(!stop.isRequested());
                    result = pushed == null ? result : result.toBuilder().metricsPush(pushed).build();
                }
            } catch (io.dbharness.core.api.UsageException e) {
                throw config.located(e);
            } catch (TargetException e) {
                if (stop.isRequested()) { // a stop while connecting: it has said so, the rest is its consequence
                    return new Outcome(stop.requested().exitCode(), null, null, true);
                }
                Main.printError(err, e.getMessage());
                return new Outcome(Harness.setupExitCode(e), null, null, false);
            }
        } finally {
            interrupts.end();
            if (stop.isRequested()) {
                live.stopped();
            }
        }
        if (stop.isRequested() && interrupts.stoppedBeforeStart()) {
            // stopped while it connected or prepared (in a series: a single run quits then): it measured nothing
            return new Outcome(stop.requested().exitCode(), null, null, true);
        }
        return finish(result, config, options, stop.isRequested(), toolReport);
    }

    /** The file first: if it cannot be written, the summary says so through its exit code. */
    private Outcome finish(RunResult result, RunConfig config, Map<String, String> options, boolean stopped,
                           ToolRun.Report toolReport) {
        Path resultsDir = config.resultsDir();
        Path file = null;
        String writeError = null;
        try {
            file = ResultFiles.write(result, resultsDir);
        } catch (IOException e) {
            writeError = "cannot write the result to " + resultsDir + ": " + ResultsDir.reason(e);
            if (result.exitCode() == ExitCode.OK) {
                result = result.withExitCode(ExitCode.RUN_FAILED);
            }
        }
        PrintStream report = report(options);
        toolReport.print(result, report);
        report.print(SummaryTable.render(result));
        if (config.printResult()) { // even when the file could not be written: the log may be the only copy
            report.println(RESULT_BEGIN);
            report.print(ResultFiles.toJson(result));
            report.println(RESULT_END);
        }
        if (writeError != null) {
            Main.printError(err, writeError);
            return new Outcome(result.exitCode(), null, result, stopped);
        }
        report.println("result: " + file);
        explain(result, options);
        return new Outcome(result.exitCode(), file, result, stopped);
    }

    /** The one line that says why a finished run exits non-zero, when the summary alone does not. */
    private void explain(RunResult result, Map<String, String> options) {
        if (result.failure() != null) {
            Main.printError(err, result.failure());
        } else if (result.verification().isFailed()) {
            Main.printError(err, "verification failed: " + result.verification().message());
        } else if (result.verification().isUnchecked()) {
            Main.printError(err, "verification not done: " + result.verification().message());
        } else if (result.exitCode() == ExitCode.RUN_FAILED && !result.errors().isEmpty()) {
            // the run went on within --max-errors, but a script must see why it exits 1
            ErrorSummary first = result.errors().get(0);
            Main.printError(err, String.format(Locale.ROOT, "%,d operations failed; the most frequent: %s %s",
                    result.totals().counts().errors(), first.kind(), String.valueOf(first.firstMessage()).replaceAll("\\s*\\R\\s*", " ")));
        } else if (result.exitCode() == ExitCode.RUN_FAILED && result.totals().counts().timeouts() > 0
                && result.totals().counts().operations() == 0) {
            Main.printError(err, "every query timed out (--op-timeout " + options.getOrDefault("op-timeout",
                    RunOptions.DEFAULT_OP_TIMEOUT) + "): nothing was measured");
        }
    }
}
