package io.dbharness.cli;

import io.dbharness.tools.SeedTool;
import io.dbharness.tools.ToolRun;
import io.dbharness.core.api.UsageException;
import io.dbharness.core.engine.Harness;
import io.dbharness.core.engine.Registry;
import picocli.CommandLine;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Model.OptionSpec;
import picocli.CommandLine.ParseResult;

import java.io.PrintStream;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;

/** Runs one command line; separated from {@link Main} so tests can call it without exiting the JVM. */
public final class Runner {

    private final java.io.InputStream in;
    private final PrintStream out;
    private final PrintStream err;
    private final Map<String, String> env;
    private final Registry registry = Registry.load();
    /** Runs and sweeps stop after their check, before anything connects or is written: for tests of examples. */
    private final boolean checkOnly;

    public Runner(PrintStream out, PrintStream err, Map<String, String> env) {
        this(System.in, out, err, env, false);
    }

    Runner(PrintStream out, PrintStream err, Map<String, String> env, boolean checkOnly) {
        this(System.in, out, err, env, checkOnly);
    }

    /** @param in what a command reading standard input reads: the right side of {@code runner bulk_data_gen | runner ...} */
    Runner(java.io.InputStream in, PrintStream out, PrintStream err, Map<String, String> env, boolean checkOnly) {
        this.in = in;
        this.out = out;
        this.err = err;
        this.env = env;
        this.checkOnly = checkOnly;
    }

    public int execute(String... args) {
        SeedTool tool = args.length == 0 ? null : SeedTool.find(args[0]);
        if (tool != null) {
            return seedTool(tool, args);
        }
        if (args.length > 0 && !args[0].startsWith("-") && !Commands.SUBCOMMANDS.contains(args[0])) {
            // a mistyped command would otherwise get picocli's "Unmatched arguments from index 0"
            return usageError("unknown command '" + args[0] + "'" + Commands.closest(args[0]).map(c -> "; did you mean '" + c + "'?")
                    .orElse("") + " (see 'runner --help')");
        }
        ParseResult pr;
        try {
            refuseRepeated(args);
            pr = parse(args);
            if (pr.subcommand() != null && !pr.matchedOptions().isEmpty() && !helpRequested(pr)) {
                pr = parse(optionsAfterSubcommand(args, pr));
            }
        } catch (CommandLine.ParameterException e) {
            // the help of the command the mistake was made in: `runner sweep --help`, not the root's
            String name = e.getCommandLine().getCommandSpec().qualifiedName();
            return usageError(e.getMessage() + " (see '" + name + " --help')");
        } catch (UsageException e) {
            return usageError(e.getMessage());
        }
        ParseResult command = pr.subcommand() != null ? pr.subcommand() : pr;
        boolean verbose = command.hasMatchedOption("--verbose");
        if (verbose) {
            // decided here, from what was parsed, not from a scan of the arguments: '--verbose' may be a value
            Main.configureLogging(true);
        }
        try {
            if (CommandLine.printHelpIfRequested(pr)) {
                return ExitCode.OK;
            }
            if (pr.subcommand() != null) {
                ParseResult sub = pr.subcommand();
                return switch (sub.commandSpec().name()) {
                    case "list" -> Commands.list(registry, out);
                    case "config" -> Commands.sampleConfig(registry, sub, out);
                    case "queries" -> queries(sub);
                    case "compare" -> CompareCommand.run(sub, out);
                    case "merge" -> MergeCommand.run(sub, out);
                    case "sweep" -> sweep(sub);
                    case "find-max" -> findMax(sub);
                    case "report" -> ReportCommand.run(sub, out);
                    case "explain" -> ExplainCommand.run(sub, out);
                    default -> throw new IllegalStateException(sub.commandSpec().name());
                };
            }
            return run(pr);
        } catch (UsageException e) {
            return usageError(e.getMessage());
        } catch (OutOfMemoryError e) {
            return outOfMemory(e);
        } catch (RuntimeException | LinkageError e) {
            // a bug or a broken installation: one line for the user, the trace only when asked for
            Main.printError(err, "internal error: " + e + (verbose ? "" : " (--verbose shows where)"));
            if (verbose) {
                e.printStackTrace(err);
            }
            return ExitCode.RUN_FAILED;
        }
    }

    /** The heap was too small for what the options asked: one line saying so and what to change, not a trace. */
    private int outOfMemory(OutOfMemoryError e) {
        Main.printError(err, "out of memory (" + e.getMessage() + ") with a heap of "
                + Runtime.getRuntime().maxMemory() / (1024 * 1024) + " MB: give the JVM more"
                + " (DBHARNESS_JAVA_OPTS=-Xmx4g ./runner ...) or ask for less at once (--write-batch-rows, --workers)");
        return ExitCode.RUN_FAILED;
    }

    /** {@code runner mxbench run ...}: another tool's command line, with the same exit codes and one-line errors. */
    private int seedTool(SeedTool tool, String[] args) {
        boolean verbose = Arrays.asList(args).contains("--verbose");
        try {
            return tool.run(args[0], List.of(args).subList(1, args.length), new CliToolRun(in, out, err, env, registry, checkOnly));
        } catch (ToolRun.UnknownFlag e) {
            boolean ours = Commands.build(registry).getCommandSpec().findOption("--" + e.name()) != null;
            return usageError(e.explained(ours, args[0]));
        } catch (UsageException e) {
            return usageError(e.getMessage());
        } catch (OutOfMemoryError e) {
            return outOfMemory(e);
        } catch (RuntimeException | LinkageError e) {
            Main.printError(err, "internal error: " + e + (verbose ? "" : " (-- --verbose shows where)"));
            if (verbose) {
                e.printStackTrace(err);
            }
            return ExitCode.RUN_FAILED;
        }
    }

    private ParseResult parse(String[] args) {
        CommandLine cl = Commands.build(registry);
        cl.setOut(new java.io.PrintWriter(out, true));
        cl.setErr(new java.io.PrintWriter(err, true));
        return cl.parseArgs(args);
    }

    private static boolean helpRequested(ParseResult pr) {
        for (ParseResult p = pr; p != null; p = p.subcommand()) {
            if (p.isUsageHelpRequested() || p.isVersionHelpRequested()) {
                return true;
            }
        }
        return false;
    }

    /**
     * {@code runner --target noop sweep ...}: options written before a subcommand are the subcommand's when it
     * takes them, moved after its name and parsed again, so they mean what they would mean written there; any
     * other is refused rather than dropped (a sweep that ran on the default target, a report of other files).
     */
    private static String[] optionsAfterSubcommand(String[] args, ParseResult pr) {
        CommandSpec sub = pr.subcommand().commandSpec();
        String name = sub.qualifiedName();
        for (OptionSpec o : pr.matchedOptions()) {
            if (sub.findOption(o.longestName()) == null) {
                throw new UsageException("option '" + o.longestName() + "' is not an option of '" + name
                        + "' (see '" + name + " --help')");
            }
        }
        // the subcommand's name is the first token that is no option's value: skip each option with its values
        // as picocli took them (it parsed these tokens already, so they are well formed)
        int i = 0;
        while (i < args.length && !args[i].equals(sub.name())) {
            String a = args[i];
            int eq = a.indexOf('=');
            OptionSpec o = pr.commandSpec().findOption(eq < 0 ? a : a.substring(0, eq));
            if (o == null || eq >= 0 || o.arity().max == 0) {
                i += 1;
            } else if (o.arity().min == 0) { // a switch: '--verify' or '--verify false'
                i += i + 1 < args.length && args[i + 1].matches("(?i)true|false") ? 2 : 1;
            } else {
                i += 1 + o.arity().min;
            }
        }
        if (i >= args.length) { // cannot be: picocli found the subcommand among these tokens
            throw new IllegalStateException("subcommand " + sub.name() + " not found in " + Arrays.asList(args));
        }
        List<String> moved = new ArrayList<>();
        moved.add(args[i]);
        moved.addAll(Arrays.asList(args).subList(0, i));
        moved.addAll(Arrays.asList(args).subList(i + 1, args.length));
        return moved.toArray(String[]::new);
    }

    /**
     * {@code --workers 2 --workers 4}: which one was meant is a guess, so neither is taken. Checked before
     * picocli, whose own message for it names every option of the group.
     */
    private static void refuseRepeated(String[] args) {
        java.util.Set<String> seen = new java.util.HashSet<>();
        for (String a : args) {
            if (a.equals("--")) {
                return;
            }
            if (a.startsWith("--") && a.length() > 2) {
                int eq = a.indexOf('=');
                String name = eq < 0 ? a : a.substring(0, eq);
                if (!name.equals("--vary") && !seen.add(name)) { // a sweep's axes: one --vary each
                    throw new UsageException("option '" + name + "' is given twice; give it once");
                }
            }
        }
    }

    private int usageError(String message) {
        Main.printError(err, message);
        return ExitCode.USAGE;
    }

    /** What the run of {@code config} checks before it connects; a value from the config file is pointed at there. */
    private void check(SingleRun runner, RunConfig config) {
        try {
            Harness.check(runner.spec(config, io.dbharness.core.result.ProgressListener.NONE,
                    new io.dbharness.core.engine.StopSignal()), registry);
        } catch (UsageException e) {
            throw config.located(e);
        }
    }

    /** {@code runner queries}: the texts a target would run, from the same flags as a run; nothing connects. */
    private int queries(ParseResult pr) {
        // the config file and flags read as a run reads them, so the texts are the ones that run would send
        RunConfig config = RunConfig.from(pr, registry, err);
        io.dbharness.core.api.TargetProvider tp = registry.target(config.target());
        // a run's default workload writes; the queries worth printing are the query workload's
        io.dbharness.core.api.WorkloadProvider wp = registry.workload(config.workload().equals("iot-insert")
                ? "iot-query" : config.workload());
        String texts;
        try {
            io.dbharness.core.config.Settings settings = io.dbharness.core.config.Settings.resolve(
                    Harness.allOptions(tp, wp), config.options(), env);
            io.dbharness.core.api.QueryLanguage language = tp.queryLanguage(settings).orElseThrow(() ->
                    new UsageException("target '" + tp.id() + "' runs no queries"));
            texts = wp.queryTexts(language, tp.id(), settings).orElseThrow(() ->
                    new UsageException("workload '" + wp.id() + "' runs no queries; try --workload iot-query"));
        } catch (UsageException e) {
            throw config.located(e);
        }
        out.print(texts);
        return ExitCode.OK;
    }

    private int sweep(ParseResult pr) {
        Sweep sweep = new Sweep(out, err, registry, new SingleRun(out, err, env, registry));
        if (checkOnly) {
            sweep.plan(pr); // every point checked, as before the first one runs
            return ExitCode.OK;
        }
        return sweep.run(pr);
    }

    private int findMax(ParseResult pr) {
        FindMax search = new FindMax(out, err, env, registry);
        if (checkOnly) {
            search.plan(pr); // the objective, the axis and both ends' runs checked, as before the first step
            return ExitCode.OK;
        }
        return search.run(pr);
    }

    /** A plain run, or {@code --repeat N} of them in a row followed by the mean and its interval. */
    private int run(ParseResult pr) {
        RunConfig config = RunConfig.from(pr, registry, err).refuseRepeatedShard();
        SingleRun runner = new SingleRun(out, err, env, registry);
        if (checkOnly) {
            check(runner, config);
            return ExitCode.OK;
        }
        ResultsDir.check(config.resultsDir());
        if (config.repeat() > 1) {
            check(runner, config); // once before the first repetition: a typo is one line, not N
        }
        try (LiveExport live = LiveExport.open(config, env, err)) {
            runner.live(live);
            if (config.repeat() == 1) {
                return runner.run(config).exitCode();
            }
            SweepPoint only = new SweepPoint(1, Map.of(), config);
            try (Interrupts interrupts = Interrupts.forSeries(err)) {
                Series series = new Series(err, runner, interrupts);
                java.util.List<Series.Run> runs = series.run(java.util.List.of(only), config.repeat());
                runner.report(config.options()).println("repeat: " + Series.made(runs) + " of " + config.repeat()
                        + " runs made; " + Series.spread(runs));
                if (interrupts.isRequested()) {
                    live.stopped();
                }
                return series.exitCode(runs);
            }
        }
    }
}
