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

/** What a {@link io.dbharness.cli.tools.SeedTool} runs with: where output goes, and a run of the options its flags translate to. */
public final class ToolRun {

    /** The tool's own report of a finished run, printed before this harness's summary. */
    @FunctionalInterface
    public interface Report {
        void print(RunResult result, PrintStream out);

        Report NONE = (result, out) -> {
        };
    }

    /**
     * A flag the tool does not have. When it is one of this harness's options the runner says so, and that it
     * belongs after {@code --}, rather than leave the user guessing whose flag it was.
     */
    public static final class UnknownFlag extends UsageException {
        private final String name;
        private final String command;

        /** @param name the flag's long name, without dashes; @param command the tool's command ({@code mxbench}) */
        public UnknownFlag(String message, String name, String command) {
            super(message);
            this.name = name;
            this.command = command;
        }

        public String name() {
            return name;
        }

        /** The message, or where the flag belongs when {@code ours} is this harness's option. */
        String explained(boolean ours, String tool) {
            return !ours ? getMessage() : "--" + name + " is this harness's option, not a flag of " + command
                    + ": give it after '--' (runner " + tool + " ... -- --" + name + ")";
        }
    }

    /** Standard input: what a tool reading a pipe reads ({@code bulk_data_gen | bulk_load_influx}). */
    public final java.io.InputStream in;
    public final PrintStream out;
    public final PrintStream err;
    public final Map<String, String> env;
    public final Registry registry;
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

    public void warn(String message) {
        Main.printWarning(err, message);
    }

    /** Whether runs stop after their check (tests of examples): a tool's own output must not depend on a run then. */
    public boolean checkOnly() {
        return checkOnly;
    }

    /**
     * This harness's options given after {@code --}, parsed as the plain run parses them; they override the
     * tool's translation, {@code --target} and {@code --workload} included.
     */
    public RunConfig config(String target, String workload, Map<String, String> toolOptions, List<String> runnerArgs) {
        return config(target, workload, toolOptions, runnerArgs, null);
    }

    /**
     * @param source the tool's config file and the line each option comes from (a BenchmarkSQL properties file), so
     *               a value the run refuses is pointed at there; null without one
     */
    public RunConfig config(String target, String workload, Map<String, String> toolOptions, List<String> runnerArgs,
                            RunConfig.Source source) {
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
                file, c.flagOptions(), c.resultsDir(), c.repeat(), c.printResult(), source);
    }

    /**
     * {@code e} with this harness's option names as the tool's user wrote them ({@code --port} becomes
     * {@code --db-master-port}, {@code --clean} becomes {@code -- --clean}): a message must name what they can type.
     *
     * @param typed this harness's option name (no dashes) → the tool's spelling, dashes included
     */
    public static UsageException asTyped(UsageException e, Map<String, String> typed) {
        String m = String.valueOf(e.getMessage());
        for (Map.Entry<String, String> t : typed.entrySet()) {
            m = m.replaceAll("(?<![\\w-])--" + java.util.regex.Pattern.quote(t.getKey()) + "(?![\\w-])",
                    java.util.regex.Matcher.quoteReplacement(t.getValue()));
        }
        return m.equals(e.getMessage()) ? e : new UsageException(m, e.option());
    }

    /**
     * Runs {@code config}, printing {@code report} before the summary. Under a check-only runner, checks it as
     * the run would and returns an outcome without a result.
     */
    public SingleRun.Outcome run(RunConfig config, Report report) {
        if (config.repeat() != 1) {
            throw new UsageException("--repeat is not available with another tool's command line; use the plain"
                    + " runner command for repetitions");
        }
        if (checkOnly) {
            check(config);
            return new SingleRun.Outcome(ExitCode.OK, null, null, false);
        }
        ResultsDir.check(config.resultsDir());
        return new SingleRun(out, err, env, registry).run(config, report);
    }

    /** Other names of this harness's options ({@code OptionDef.aliases}: mxbench's db-* flags), each to the option's name. */
    public Map<String, String> aliases() {
        return Commands.aliases(registry);
    }

    /**
     * Whether {@code config}'s target starts a server of its own for the run ({@code TargetProvider.embedded}), which
     * is new, and empty, in every run: a tool's series of runs on one table needs a server.
     */
    public boolean embedded(RunConfig config) {
        io.dbharness.core.api.TargetProvider tp = registry.target(config.target());
        return tp.embedded(io.dbharness.core.config.Settings.resolve(
                Harness.allOptions(tp, registry.workload(config.workload())), config.options(), env));
    }

    /** Checks {@code config}'s values alone, before its target asks for a server ({@code Harness.checkValues}). */
    public void checkValues(RunConfig config) {
        try {
            Harness.checkValues(new SingleRun(out, err, env, registry).spec(config, ProgressListener.NONE, new StopSignal()), registry);
        } catch (UsageException e) {
            throw config.located(e);
        }
    }

    /**
     * Checks {@code config} as its run would check it before anything connects: a tool that prints a header before
     * its run calls this first, so a mistake is one line and not a header followed by it.
     */
    public void check(RunConfig config) {
        try {
            Harness.check(new SingleRun(out, err, env, registry).spec(config, ProgressListener.NONE, new StopSignal()), registry);
        } catch (UsageException e) {
            throw config.located(e);
        }
    }
}
