package io.dbharness.cli;

import io.dbharness.core.api.UsageException;
import io.dbharness.core.engine.Harness;
import io.dbharness.core.engine.Registry;
import io.dbharness.core.engine.StopSignal;
import io.dbharness.core.result.ProgressListener;
import io.dbharness.tools.ToolRun;
import picocli.CommandLine;
import picocli.CommandLine.ParseResult;

import java.io.PrintStream;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** The runner's side of {@link ToolRun}: a tool's configurations parsed, checked and run as the plain run's. */
final class CliToolRun extends ToolRun {

    private final boolean checkOnly;

    CliToolRun(java.io.InputStream in, PrintStream out, PrintStream err, Map<String, String> env, Registry registry,
               boolean checkOnly) {
        super(in, out, err, env, registry);
        this.checkOnly = checkOnly;
    }

    @Override
    public void warn(String message) {
        Main.printWarning(err, message);
    }

    @Override
    public boolean checkOnly() {
        return checkOnly;
    }

    @Override
    public RunConfig config(String target, String workload, Map<String, String> toolOptions, List<String> runnerArgs,
                            Path toolFile, Map<String, Integer> lines) {
        RunConfig.Source source = toolFile == null ? null : new RunConfig.Source(toolFile, lines);
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
                file, c.flagOptions(), c.resultsDir(), c.repeat(), c.printResult(), source, c.metricsListen(),
                c.metricsPush());
    }

    @Override
    public Outcome run(Config c, Report report) {
        RunConfig config = (RunConfig) c;
        if (config.repeat() != 1) {
            throw new UsageException("--repeat is not available with another tool's command line; use the plain"
                    + " runner command for repetitions");
        }
        if (checkOnly) {
            check(config);
            return new Outcome(ExitCode.OK, null, false);
        }
        ResultsDir.check(config.resultsDir());
        try (LiveExport live = LiveExport.open(config, env, err)) {
            SingleRun.Outcome o = new SingleRun(out, err, env, registry).live(live).run(config, report);
            return new Outcome(o.exitCode(), o.result(), o.stopped());
        }
    }

    @Override
    public Map<String, String> aliases() {
        return Commands.aliases(registry);
    }

    @Override
    public boolean embedded(Config config) {
        io.dbharness.core.api.TargetProvider tp = registry.target(config.target());
        return tp.embedded(io.dbharness.core.config.Settings.resolve(
                Harness.allOptions(tp, registry.workload(config.workload())), config.options(), env));
    }

    @Override
    public void checkValues(Config c) {
        RunConfig config = (RunConfig) c;
        try {
            Harness.checkValues(new SingleRun(out, err, env, registry).spec(config, ProgressListener.NONE, new StopSignal()), registry);
        } catch (UsageException e) {
            throw config.located(e);
        }
    }

    @Override
    public void check(Config c) {
        RunConfig config = (RunConfig) c;
        try {
            Harness.check(new SingleRun(out, err, env, registry).spec(config, ProgressListener.NONE, new StopSignal()), registry);
        } catch (UsageException e) {
            throw config.located(e);
        }
    }
}
