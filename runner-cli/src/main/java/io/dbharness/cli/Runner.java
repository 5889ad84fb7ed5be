package io.dbharness.cli;

import io.dbharness.core.api.TargetException;
import io.dbharness.core.api.UsageException;
import io.dbharness.core.engine.Harness;
import io.dbharness.core.engine.ProgressListener;
import io.dbharness.core.engine.Registry;
import io.dbharness.core.engine.RunSpec;
import io.dbharness.core.engine.StopSignal;
import io.dbharness.core.result.RunResult;
import io.dbharness.results.ProgressPrinter;
import io.dbharness.results.ResultFiles;
import io.dbharness.results.SummaryTable;
import picocli.CommandLine;
import picocli.CommandLine.ParseResult;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;

/** Runs one command line; separated from {@link Main} so tests can call it without exiting the JVM. */
public final class Runner {

    private final PrintStream out;
    private final PrintStream err;
    private final Map<String, String> env;
    private final Registry registry = Registry.load();

    public Runner(PrintStream out, PrintStream err, Map<String, String> env) {
        this.out = out;
        this.err = err;
        this.env = env;
    }

    public int execute(String... args) {
        CommandLine cl = Commands.build(registry);
        cl.setOut(new java.io.PrintWriter(out, true));
        cl.setErr(new java.io.PrintWriter(err, true));
        ParseResult pr;
        try {
            refuseRepeated(args);
            pr = cl.parseArgs(args);
        } catch (CommandLine.ParameterException e) {
            return usageError(e.getMessage() + " (see 'runner --help')");
        } catch (UsageException e) {
            return usageError(e.getMessage());
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
                    case "compare" -> compare(sub);
                    case "report" -> ReportCommand.run(sub, out);
                    default -> throw new IllegalStateException(sub.commandSpec().name());
                };
            }
            return run(pr);
        } catch (UsageException e) {
            return usageError(e.getMessage());
        } catch (RuntimeException | LinkageError e) {
            // a bug or a broken installation: one line for the user, the trace only when asked for
            Main.printError(err, "internal error: " + e + (pr.hasMatchedOption("--verbose") ? "" : " (--verbose shows where)"));
            if (pr.hasMatchedOption("--verbose")) {
                e.printStackTrace(err);
            }
            return ExitCode.RUN_FAILED;
        }
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
                if (!seen.add(name)) {
                    throw new UsageException("option '" + name + "' is given twice; give it once");
                }
            }
        }
    }

    /**
     * A run that could not start: the target unreachable, refusing the credentials or not answering in time
     * (3); refusing the preparation, e.g. no right to create the table (2: a setting to change).
     */
    private static int setupExitCode(TargetException e) {
        return switch (e.kind()) {
            case UNREACHABLE, AUTHENTICATION, TIMEOUT -> ExitCode.TARGET;
            default -> ExitCode.USAGE;
        };
    }

    private int usageError(String message) {
        Main.printError(err, message);
        return ExitCode.USAGE;
    }

    /** {@code runner queries}: the texts a target would run, from the same flags as a run; nothing connects. */
    private int queries(ParseResult pr) {
        Map<String, String> options = new LinkedHashMap<>();
        String target = pr.matchedOptionValue("--target", null);
        String workload = pr.matchedOptionValue("--workload", null);
        String config = pr.matchedOptionValue("--config", null);
        if (config != null) {
            Map<String, String> file = ConfigFile.read(Path.of(config), Commands.knownKeys(registry), w -> Main.printWarning(err, w));
            target = target == null ? file.get("target") : target;
            workload = workload == null ? file.get("workload") : workload;
            file.keySet().removeAll(java.util.Set.of("target", "workload", "results", "verbose"));
            options.putAll(file);
        }
        options.putAll(Commands.matchedHarnessOptions(pr));
        io.dbharness.core.api.TargetProvider tp = registry.target(target == null ? "postgres" : target);
        io.dbharness.core.api.WorkloadProvider wp = registry.workload(workload == null || workload.equals("iot-insert")
                ? "iot-query" : workload);
        io.dbharness.core.config.Settings settings = io.dbharness.core.config.Settings.resolve(
                Harness.allOptions(tp, wp), options, env);
        io.dbharness.core.api.QueryLanguage language = tp.queryLanguage(settings).orElseThrow(() ->
                new UsageException("target '" + tp.id() + "' runs no queries"));
        String texts = wp.queryTexts(language, tp.id(), settings).orElseThrow(() ->
                new UsageException("workload '" + wp.id() + "' runs no queries; try --workload iot-query"));
        out.print(texts);
        return ExitCode.OK;
    }

    /** {@code runner compare --answers A B}: 0 when every answer both kept agrees, 1 when one differs. */
    private int compare(ParseResult pr) {
        if (!pr.hasMatchedOption("--answers")) {
            throw new UsageException("runner compare needs --answers (it compares the query answers two runs kept)");
        }
        java.util.List<String> files = pr.matchedPositional(0) == null ? java.util.List.of()
                : java.util.List.of(pr.matchedPositional(0).<String[]>getValue());
        if (files.size() != 2) {
            throw new UsageException("compare --answers takes two result files, A and B; got " + files.size()
                    + (files.size() > 2 ? " (a directory's *.json matched several: name one file of each run)" : ""));
        }
        RunResult a = ResultFiles.read(Path.of(files.get(0)));
        RunResult b = ResultFiles.read(Path.of(files.get(1)));
        io.dbharness.results.AnswerComparison.Outcome o = io.dbharness.results.AnswerComparison.compare(a, files.get(0), b, files.get(1));
        int show = pr.matchedOptionValue("--show", 20);
        if (show < 0) {
            throw new UsageException("invalid value '" + show + "' for --show: expected 0 or more");
        }
        out.print(io.dbharness.results.AnswerComparison.render(o, a, files.get(0), b, files.get(1), show));
        return o.same() ? ExitCode.OK : ExitCode.RUN_FAILED;
    }

    private int run(ParseResult pr) {
        Map<String, String> options = new LinkedHashMap<>();
        String target = pr.matchedOptionValue("--target", null);
        String workload = pr.matchedOptionValue("--workload", null);
        String config = pr.matchedOptionValue("--config", null);
        String resultsFromFile = null;
        if (config != null) {
            Map<String, String> file = ConfigFile.read(Path.of(config), Commands.knownKeys(registry), w -> Main.printWarning(err, w));
            target = target == null ? file.remove("target") : target;
            workload = workload == null ? file.remove("workload") : workload;
            file.remove("target");
            file.remove("workload");
            // the CLI's own keys: results directory and driver logs, the command line still winning
            resultsFromFile = file.remove("results");
            String verbose = file.remove("verbose");
            if (verbose != null && ConfigFile.bool(Path.of(config), "verbose", verbose) && !pr.hasMatchedOption("--verbose")) {
                Main.configureLogging(true);
            }
            options.putAll(file);
        }
        Map<String, String> given = Commands.matchedHarnessOptions(pr);
        // when to stop is one setting written two ways: the command line's replaces the file's (a BenchmarkSQL
        // file's runTxnsPerTerminal against --duration), rather than both being refused as contradictory
        if (given.containsKey("duration")) {
            options.remove("txns-per-terminal");
        }
        if (given.containsKey("txns-per-terminal")) {
            options.remove("duration");
        }
        options.putAll(given);
        target = target == null ? "postgres" : target;
        workload = workload == null ? "iot-insert" : workload;
        String results = pr.matchedOptionValue("--results", resultsFromFile == null ? "results" : resultsFromFile);
        if (results.isBlank()) {
            throw new UsageException("--results needs a directory (default: results)");
        }
        Path resultsDir = Path.of(results);

        ResultsDir.check(resultsDir);

        boolean watch = !"true".equals(options.get("no-watch"));
        StopSignal stop = new StopSignal();
        try (Interrupts ignored = Interrupts.install(stop, err)) {
            RunSpec spec = RunSpec.builder().target(target).workload(workload).options(options).environment(env)
                    .progress(watch ? new ProgressPrinter(err) : ProgressListener.NONE).stopSignal(stop).build();
            RunResult result;
            try {
                result = Harness.run(spec, registry);
            } catch (TargetException e) {
                if (stop.isRequested()) { // a stop while connecting: it has said so, the rest is its consequence
                    return stop.requested().exitCode();
                }
                Main.printError(err, e.getMessage());
                return setupExitCode(e);
            }
            // the file first: if it cannot be written, the summary says so through its exit code
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
            // rows streamed to stdout (--output -) must not be followed by the summary
            PrintStream report = "-".equals(options.get("output")) ? err : out;
            report.print(SummaryTable.render(result));
            if (writeError != null) {
                Main.printError(err, writeError);
                return result.exitCode();
            }
            report.println("result: " + file);
            if (result.failure() != null) {
                Main.printError(err, result.failure());
            } else if (result.verification().isFailed()) {
                Main.printError(err, "verification failed: " + result.verification().message());
            } else if (result.exitCode() == ExitCode.RUN_FAILED && !result.errors().isEmpty()) {
                // the run went on within --max-errors, but a script must see why it exits 1
                io.dbharness.core.result.ErrorSummary first = result.errors().get(0);
                Main.printError(err, String.format(java.util.Locale.ROOT, "%,d operations failed; the most frequent: %s %s",
                        result.totals().errors(), first.kind(), String.valueOf(first.firstMessage()).replaceAll("\\s*\\R\\s*", " ")));
            } else if (result.exitCode() == ExitCode.RUN_FAILED && result.totals().timeouts() > 0
                    && result.totals().operations() == 0) {
                Main.printError(err, "every query timed out (--op-timeout " + options.getOrDefault("op-timeout",
                        io.dbharness.core.engine.RunOptions.DEFAULT_OP_TIMEOUT) + "): nothing was measured");
            }
            return result.exitCode();
        }
    }
}
