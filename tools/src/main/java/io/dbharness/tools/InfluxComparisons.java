package io.dbharness.tools;

import io.dbharness.core.api.UsageException;

import java.util.List;

/**
 * influxdb-comparisons' four commands under their own names, piped as their users pipe them:
 * {@code runner bulk_data_gen | runner bulk_load_influx -urls URL} and
 * {@code runner bulk_query_gen -query-type 1-host-1-hr | runner query_benchmarker_influxdb -urls URL}; each prints
 * the tool's own closing lines, then this harness's summary.
 */
public final class InfluxComparisons implements SeedTool {

    @Override
    public List<String> names() {
        return List.of(BulkDataGen.NAME, BulkLoadInflux.NAME, BulkQueryGen.NAME, QueryBenchmarkerInflux.NAME);
    }

    @Override
    public String synopsis() {
        return "runner bulk_data_gen|bulk_load_influx [FLAGS] [-- OPTIONS]\n"
                + "runner bulk_query_gen|query_benchmarker_influxdb [FLAGS] [-- OPTIONS]";
    }

    @Override
    public int run(String name, List<String> args, ToolRun run) {
        return switch (name) {
            case BulkDataGen.NAME -> BulkDataGen.run(args, run);
            case BulkLoadInflux.NAME -> BulkLoadInflux.run(args, run);
            case BulkQueryGen.NAME -> BulkQueryGen.run(args, run);
            case QueryBenchmarkerInflux.NAME -> QueryBenchmarkerInflux.run(args, run);
            default -> throw new IllegalStateException(name);
        };
    }

    /** {@code -h} and {@code -help}, which Go's flag package answers with the usage. */
    static void help(ToolFlags f) {
        f.mappedSwitch("help", null, "print this usage");
        f.alias("h", "help");
    }

    /**
     * {@code args} as the command reads them, its flags without effect warned of; null when it asked for its usage,
     * which {@code usage} then printed.
     */
    static ToolFlags.Parsed parse(String command, ToolFlags flags, List<String> args, ToolRun run,
                                  java.util.function.BiConsumer<java.io.PrintStream, ToolFlags> usage) {
        List<String> warnings = new java.util.ArrayList<>();
        ToolFlags.Parsed p = flags.parse(args, warnings::add);
        if (p.flag("help")) {
            usage.accept(run.out, flags);
            return null;
        }
        refusePositionals(command, p);
        warnings.forEach(run::warn);
        return p;
    }

    /** The end of each command's usage: its flags, as the tool has them, with what each does here. */
    static void printFlags(java.io.PrintStream out, ToolFlags flags) {
        out.println();
        out.println("Flags (influxdb-comparisons'; those marked are accepted without effect, or refused, with the reason):");
        flags.printUsage(out);
    }

    /** Go's flag package stops at the first argument that is no flag; these tools take none. */
    static void refusePositionals(String command, ToolFlags.Parsed p) {
        if (!p.positionals().isEmpty()) {
            throw new UsageException(command + " takes flags only, not '" + String.join(" ", p.positionals())
                    + "' (see 'runner " + command + " -help')");
        }
    }

    /** A boolean flag's value ({@code -gzip=false}), or {@code otherwise} when not given. */
    static boolean flag(String command, ToolFlags.Parsed p, String name, boolean otherwise) {
        String v = p.get(name, Boolean.toString(otherwise)).strip().toLowerCase(java.util.Locale.ROOT);
        return switch (v) {
            case "1", "t", "true" -> true;
            case "0", "f", "false" -> false;
            default -> throw new UsageException("invalid value '" + p.get(name, "") + "' for " + command + " flag -" + name
                    + ": expected true or false");
        };
    }

    /** The {@code -urls} of the tools: one server here. */
    static String url(String command, ToolFlags.Parsed p) {
        String urls = p.get("urls", "http://localhost:8086").strip();
        String[] all = urls.split(",");
        if (all.length > 1) {
            throw new UsageException(command + " flag -urls " + urls + ": one server a run here (the tool spreads"
                    + " workers over several round-robin); give one URL, or run one command per server");
        }
        return all[0].strip();
    }

    /** The tools' reporting of results into another InfluxDB: refused, the result file is this harness's report. */
    static void declareReporting(ToolFlags f) {
        String why = "only with -report-host, which is refused";
        f.refused("report-host", null, false, "Host to send result metrics",
                "results go to the result JSON (dbharness-results/, -- --results DIR); runner report and compare read them");
        f.noEffect("report-database", false, "Database name where to store result metrics", why);
        f.noEffect("report-user", false, "User for host to send result metrics", why);
        f.noEffect("report-password", false, "User password for host to send result metrics", why);
        f.noEffect("report-tags", false, "Comma separated k:v tags to send alongside result metrics", why);
        f.noEffect("report-telemetry", true, "Turn on/off reporting telemetry", why);
        f.noEffect("telemetry-stderr", true, "Whether to write telemetry also to stderr", "the progress line goes to stderr every 5 s");
        f.noEffect("telemetry-batch-size", false, "Telemetry batch size (lines)", why);
    }
}
