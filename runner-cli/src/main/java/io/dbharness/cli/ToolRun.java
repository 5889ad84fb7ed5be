package io.dbharness.cli;

import io.dbharness.core.api.UsageException;
import io.dbharness.core.engine.Harness;
import io.dbharness.core.engine.Registry;
import io.dbharness.core.engine.StopSignal;
import io.dbharness.core.result.ProgressListener;
import io.dbharness.core.result.RunResult;
import picocli.CommandLine;
import picocli.CommandLine.ParseResult;

import java.io.PrintStream;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** What a {@link SeedTool} runs with: where output goes, and a run of the options its flags translate to. */
final class ToolRun {

    /** The tool's own report of a finished run, printed before this harness's summary. */
    @FunctionalInterface
    interface Report {
        void print(RunResult result, PrintStream out);

        Report NONE = (result, out) -> {
        };
    }

    /** Standard input: what a tool reading a pipe reads ({@code bulk_data_gen | bulk_load_influx}). */
    final java.io.InputStream in;
    final PrintStream out;
    final PrintStream err;
    final Map<String, String> env;
    final Registry registry;
    private final boolean checkOnly;

    ToolRun(java.io.InputStream in, PrintStream out, PrintStream err, Map<String, String> env, Registry registry,
            boolean checkOnly) {
        this.in = in;
        this.out = out;
        this.err = err;
        this.env = env;
        this.registry = registry;
        this.checkOnly = checkOnly;
    }

    void warn(String message) {
        Main.printWarning(err, message);
    }

    /** Whether runs stop after their check (tests of examples): a tool's own output must not depend on a run then. */
    boolean checkOnly() {
        return checkOnly;
    }

    /**
     * This harness's options given after {@code --}, parsed as the plain run parses them; they override the
     * tool's translation, {@code --target} and {@code --workload} included.
     */
    RunConfig config(String target, String workload, Map<String, String> toolOptions, List<String> runnerArgs) {
        ParseResult pr;
        try {
            pr = Commands.build(registry).parseArgs(runnerArgs.toArray(String[]::new));
        } catch (CommandLine.ParameterException e) {
            throw new UsageException(e.getMessage() + " (in the options after '--'; see 'runner --help')");
        }
        if (pr.subcommand() != null) {
            throw new UsageException("'" + pr.subcommand().commandSpec().name() + "' after '--' is a command, not an option");
        }
        if (pr.isUsageHelpRequested() || pr.isVersionHelpRequested()) {
            throw new UsageException("--help after '--': see 'runner --help' for this harness's options");
        }
        if (pr.hasMatchedOption("--verbose")) {
            Main.configureLogging(true);
        }
        RunConfig c = RunConfig.from(pr, registry, err);
        Map<String, String> file = new LinkedHashMap<>(toolOptions);
        if (pr.hasMatchedOption("--target") && !c.target().equals(target)) {
            // -- --target postgres: the tool's settings of its own target (MatrixGate, MARS storage) do not apply
            java.util.Set<String> theirs = new java.util.HashSet<>();
            registry.target(target).options().forEach(d -> theirs.add(d.name()));
            registry.target(c.target()).options().forEach(d -> theirs.remove(d.name()));
            file.keySet().removeAll(theirs);
        }
        file.putAll(c.fileOptions());
        return new RunConfig(pr.hasMatchedOption("--target") ? c.target() : target,
                pr.hasMatchedOption("--workload") ? c.workload() : workload,
                file, c.flagOptions(), c.resultsDir(), c.repeat(), c.printResult(), null);
    }

    /**
     * Runs {@code config}, printing {@code report} before the summary. Under a check-only runner, checks it as
     * the run would and returns an outcome without a result.
     */
    SingleRun.Outcome run(RunConfig config, Report report) {
        if (config.repeat() != 1) {
            throw new UsageException("--repeat is not available with another tool's command line; use the plain"
                    + " runner command for repetitions");
        }
        SingleRun single = new SingleRun(out, err, env, registry);
        if (checkOnly) {
            try {
                Harness.check(single.spec(config, ProgressListener.NONE, new StopSignal()), registry);
            } catch (UsageException e) {
                throw config.located(e);
            }
            return new SingleRun.Outcome(ExitCode.OK, null, null, false);
        }
        ResultsDir.check(config.resultsDir());
        return single.run(config, report);
    }
}
