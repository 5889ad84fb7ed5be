package io.dbharness.tools;

import io.dbharness.core.api.Plugins;

import java.util.List;

/**
 * Another tool's command line, run here as its users type it (the tools this harness replaces: mxbench,
 * influx-stress, influxdb-comparisons, MaibornWolff's run.py, BenchmarkSQL's scripts): its flags translated to a
 * run, its own report printed, then this harness's summary. Each is listed in
 * {@code META-INF/services/io.dbharness.tools.SeedTool}, in the order {@code runner --help} shows them.
 */
public interface SeedTool {

    /** The command names it answers to, as the tool's users type them: {@code mxbench}, {@code runBenchmark}... */
    List<String> names();

    /** Its lines in {@code runner --help}, each short enough not to wrap at 80 columns. */
    String synopsis();

    /** Runs {@code args} (what followed the command name); returns the exit code. */
    int run(String name, List<String> args, ToolRun run);

    /** Every tool on the class path; a command name two of them answer to is refused. */
    static List<SeedTool> all() {
        return Plugins.load(SeedTool.class, "tool command", SeedTool::names);
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
