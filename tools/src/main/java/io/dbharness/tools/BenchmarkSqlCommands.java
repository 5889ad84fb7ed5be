package io.dbharness.tools;

import io.dbharness.core.api.UsageException;
import io.dbharness.core.result.RunResult;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.time.ZoneId;
import java.time.format.DateTimeFormatter;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * BenchmarkSQL's scripts as their users type them ({@code ./runDatabaseBuild.sh props.pg},
 * {@code ./runBenchmark.sh props.pg}, {@code ./runDatabaseDestroy.sh props.pg}): the properties file read as
 * {@code --config} reads it, the tpcc workload loading, running on what was loaded, or dropping it; a run ends
 * with BenchmarkSQL's result lines, then this harness's summary.
 */
public final class BenchmarkSqlCommands implements SeedTool {

    @Override
    public List<String> names() {
        return List.of("runDatabaseBuild", "runDatabaseBuild.sh", "runBenchmark", "runBenchmark.sh",
                "runDatabaseDestroy", "runDatabaseDestroy.sh");
    }

    @Override
    public String synopsis() {
        return "runner runDatabaseBuild|runBenchmark|runDatabaseDestroy PROPS [-- OPTIONS]";
    }

    @Override
    public int run(String name, List<String> args, ToolRun run) {
        String script = name.replace(".sh", "");
        int dashes = args.indexOf("--");
        List<String> own = dashes < 0 ? args : args.subList(0, dashes);
        List<String> runnerArgs = dashes < 0 ? List.of() : args.subList(dashes + 1, args.size());
        if (own.size() == 1 && (own.get(0).equals("--help") || own.get(0).equals("-h"))) {
            usage(run.out, script);
            return ToolRun.OK;
        }
        if (own.size() != 1 || own.get(0).startsWith("-")) {
            throw new UsageException("usage: runner " + script + " PROPS_FILE [-- OPTIONS] (BenchmarkSQL's "
                    + script + ".sh takes one properties file" + (own.isEmpty() ? "" : ", not " + String.join(" ", own)) + ")");
        }
        Path file = Path.of(own.get(0));
        String text;
        try {
            text = Files.readString(file);
        } catch (NoSuchFileException e) {
            throw new UsageException("BenchmarkSQL properties file " + file + " does not exist");
        } catch (IOException e) {
            throw new UsageException("cannot read BenchmarkSQL properties file " + file + ": " + e.getMessage());
        }
        Map<String, Integer> lines = new java.util.HashMap<>();
        Map<String, String> options = new LinkedHashMap<>(BenchmarkSqlProperties.translate(file, text, run::warn, lines));
        String target = options.getOrDefault("target", "postgres");
        options.remove("target");
        options.remove("workload");
        ToolRun.Report report = ToolRun.Report.NONE;
        switch (script) {
            case "runDatabaseBuild" -> options.put("load-only", "true");
            case "runDatabaseDestroy" -> {
                options.put("destroy", "true");
                // what says when to stop is no concern of a drop
                options.remove("duration");
                options.remove("txns-per-terminal");
            }
            default -> {
                options.put("run-only", "true");
                report = BenchmarkSqlCommands::report;
            }
        }
        // a value the run refuses is pointed at in the file: "props.pg line 7: invalid value '0' for --warehouses"
        return run.run(run.config(target, "tpcc", options, runnerArgs, file, lines), report).exitCode();
    }

    private static final DateTimeFormatter TIME = DateTimeFormatter.ofPattern("yyyy-MM-dd HH:mm:ss", Locale.ROOT)
            .withZone(ZoneId.systemDefault());

    /** The lines BenchmarkSQL's jTPCC logs at the end of a run. */
    static void report(RunResult r, PrintStream out) {
        long count = r.groups().stream().mapToLong(g -> g.totals().counts().completed()).sum();
        out.println("Term-00, ");
        out.println(String.format(Locale.ROOT, "Term-00, Measured tpmC (NewOrders) = %.2f", r.figures().getOrDefault("tpmC", 0.0)));
        out.println(String.format(Locale.ROOT, "Term-00, Measured tpmTOTAL = %.2f", r.figures().getOrDefault("tpmTotal", 0.0)));
        out.println("Term-00, Session Start     = " + TIME.format(r.start()));
        out.println("Term-00, Session End       = " + TIME.format(r.end()));
        out.println("Term-00, Transaction Count = " + count);
    }

    private static void usage(PrintStream out, String script) {
        out.println("Usage: runner " + script + " PROPS_FILE [-- OPTIONS]");
        out.println();
        out.println(switch (script) {
            case "runDatabaseBuild" -> "Creates and loads the TPC-C tables the BenchmarkSQL properties file describes"
                    + " (runner --workload tpcc --load-only).";
            case "runDatabaseDestroy" -> "Drops the TPC-C tables (runner --workload tpcc --destroy).";
            default -> "Runs TPC-C on the tables runDatabaseBuild loaded (runner --workload tpcc --run-only), then prints"
                    + " BenchmarkSQL's result lines (Measured tpmC (NewOrders), Measured tpmTOTAL, Session Start/End,"
                    + " Transaction Count) and this harness's summary.";
        });
        out.println("The file's keys are read as 'runner --config PROPS' reads them (workloads/tpcc/README.md lists them);");
        out.println("after '--' come this harness's options, e.g. -- --target mogdb --verify (see 'runner --help').");
    }
}
