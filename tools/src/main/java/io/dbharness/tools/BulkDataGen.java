package io.dbharness.tools;

import io.dbharness.core.api.UsageException;
import io.dbharness.core.result.RunResult;

import java.io.PrintStream;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * {@code runner bulk_data_gen [flags]}: influxdb-comparisons' data generator. The devops use case's points go to
 * standard output as InfluxDB line protocol (the file target's line-protocol stream, every measurement in one
 * stream), then the tool's closing {@code dataset-size:POINTS,VALUES} line, which {@code bulk_load_influx} checks
 * and which {@code sed '$d'} removes for {@code influx write}. The tool's log lines and this harness's summary go
 * to standard error, so the data stream stays clean.
 */
final class BulkDataGen {

    static final String NAME = "bulk_data_gen";

    private BulkDataGen() {
    }

    static ToolFlags flags() {
        ToolFlags f = new ToolFlags(NAME, ToolFlags.Style.GO);
        ComparisonsData.declare(f, true);
        InfluxComparisons.help(f);
        return f;
    }

    static int run(List<String> args, ToolRun run) {
        ToolFlags.Parsed p = InfluxComparisons.parse(NAME, flags(), args, run, BulkDataGen::usage);
        if (p == null) {
            return ToolRun.OK;
        }
        String format = p.get("format", "influx-bulk");
        if (!format.equals("influx-bulk")) {
            throw new UsageException(NAME + " flag -format " + format + " is not supported here: only influx-bulk"
                    + " (InfluxDB line protocol); for CSV or COPY of the same rows use runner --generator devops"
                    + " --use-case devops --target file --format csv|copy-text --output FILE");
        }
        long started = System.nanoTime();
        List<String> log = new ArrayList<>();
        Map<String, String> o = new LinkedHashMap<>(ComparisonsData.options(NAME, p, log));
        o.put("output", "-");
        o.put("format", "line-protocol");
        o.put("workers", "1"); // one writer: the same flags and seed give the same bytes, in the same order
        ToolRun.Config config = run.config("file", "iot-insert", o, p.runnerArgs());
        log.forEach(run.err::println);
        return run.run(config, (result, out) -> report(result, run, started)).exitCode();
    }

    /**
     * The tool's end: {@code dataset-size:} on standard output after the last point (the file target has flushed
     * them by now), its log line on standard error.
     */
    private static void report(RunResult r, ToolRun run, long started) {
        long points = r.totals().counts().rows();
        long values = r.totals().counts().points();
        run.out.println("dataset-size:" + points + "," + values);
        run.out.flush();
        run.err.println(GoText.logPrefix() + String.format(Locale.ROOT, "Written %d points, %d values, took %f seconds",
                points, values, r.totals().durationSeconds()));
        run.err.println(GoText.logPrefix() + NAME + " - main() took "
                + GoText.duration(java.time.Duration.ofNanos(System.nanoTime() - started)));
    }

    private static void usage(PrintStream out, ToolFlags flags) {
        out.println("Usage: runner " + NAME + " [FLAGS] [-- OPTIONS] > points.lp");
        out.println();
        out.println("influxdb-comparisons' data generator: the devops use case (cpu, diskio, disk, kernel, mem, net, nginx,");
        out.println("postgresl, redis per host and sampling interval; TSBS's model, integer fields) as InfluxDB line protocol");
        out.println("on standard output, then 'dataset-size:POINTS,VALUES'. Pipe it into 'runner bulk_load_influx' (or");
        out.println("through sed '$d' into 'influx write'). The tool's log lines and this harness's summary go to stderr.");
        out.println("After '--' come this harness's options, e.g. -- --workers 4 (see 'runner --help').");
        InfluxComparisons.printFlags(out, flags);
    }
}
