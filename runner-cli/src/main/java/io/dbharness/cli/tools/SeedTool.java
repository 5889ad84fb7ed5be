package io.dbharness.cli.tools;

import io.dbharness.cli.ToolRun;
import java.util.List;

/**
 * Another tool's command line, run here as its users type it (the tools this harness replaces: mxbench,
 * influx-stress, influxdb-comparisons, MaibornWolff's run.py, BenchmarkSQL's scripts): its flags translated to a
 * run, its own report printed, then this harness's summary.
 */
public interface SeedTool {

    /** The command names it answers to, as the tool's users type them: {@code mxbench}, {@code runBenchmark}... */
    List<String> names();

    /** Its lines in {@code runner --help}, each short enough not to wrap at 80 columns. */
    String synopsis();

    /** Runs {@code args} (what followed the command name); returns the exit code. */
    int run(String name, List<String> args, ToolRun run);

    static List<SeedTool> all() {
        return List.of(new MxbenchCommand(), new InfluxStressCommand(), new InfluxComparisons(), new MaibornWolffCommand(),
                new BenchmarkSqlCommands());
    }

    /** The tool answering to {@code name}, or null. */
    static SeedTool find(String name) {
        for (SeedTool t : all()) {
            if (t.names().contains(name)) {
                return t;
            }
        }
        return null;
    }
}
