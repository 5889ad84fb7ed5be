package io.dbharness.tools;

import io.dbharness.core.api.UsageException;
import io.dbharness.core.result.RunResult;

import java.io.IOException;
import java.io.InputStream;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * {@code runner bulk_load_influx -urls URL [flags]}: influxdb-comparisons' loader. It reads line protocol from
 * standard input (or {@code -file}), every measurement of it, and writes it to InfluxDB with {@code -workers}
 * writers and {@code -batch-size} lines a request: this harness's iot-insert with {@code --generator file} over the
 * points read, split by measurement (a table each), counted back afterwards ({@code --verify}). Given
 * {@code bulk_data_gen}'s flags instead, it generates the same points itself (no pipe needed). At the end, the
 * tool's {@code loaded N items in ...} line and JSON, then this harness's summary.
 */
final class BulkLoadInflux {

    static final String NAME = "bulk_load_influx";

    private BulkLoadInflux() {
    }

    static ToolFlags flags() {
        ToolFlags f = new ToolFlags(NAME, ToolFlags.Style.GO);
        f.mapped("urls", null, "InfluxDB URL (default http://localhost:8086); the tool's comma-separated list: one here");
        f.mapped("db", null, "Database name (default benchmark_db); the bucket with -organization and -token");
        f.mapped("batch-size", null, "Batch size: lines of input a write request (default 5000)");
        f.mapped("workers", null, "Number of parallel requests to make (default 1)");
        f.mapped("item-limit", null, "Number of items (lines) to read from the input before quitting (default -1: all)");
        f.mapped("file", null, "Input file (default: standard input)");
        f.mappedSwitch("gzip", null, "Whether to gzip encode requests (default true)");
        f.mapped("organization", null, "Organization name (InfluxDB v2: the v2 API, -db its bucket)");
        f.mapped("token", null, "Authentication token (InfluxDB v2)");
        f.mappedSwitch("do-load", null, "Whether to write data; false: read and encode only (this harness's noop target)");
        f.mappedSwitch("do-abort-on-exist", null, "Whether to abort if the data is there already (default true; here: if a"
                + " measurement holds points); false appends");
        f.noEffect("do-db-create", true, "Whether to create the database",
                "the influx target creates the database (v1) or bucket (v2) when absent");
        f.mapped("time-limit", null, "Maximum duration to run (default -1: no limit)");
        f.mapped("progress-interval", null, "Duration between printing progress messages (this harness's progress line)");
        f.mappedSwitch("json", null, "Output results in JSON (default true)");
        f.noEffect("print-interval", false, "Print timing stats to stderr after this many batches",
                "the progress line goes to stderr every 5 s (-progress-interval)");
        f.noEffect("moving-average-interval", false, "Interval of measuring mean write rate", "the summary has the rates");
        f.noEffect("replication-factor", false, "Cluster replication factor (clustered databases)",
                "the database is created with the server's defaults");
        f.noEffect("consistency", false, "Write consistency: any, one, quorum, all (clusters)",
                "the write requests carry no consistency (InfluxDB Enterprise clusters only)");
        f.noEffect("backoff", false, "Time to sleep between requests when the server indicates backpressure",
                "429 and 503 are retried with backoff honouring Retry-After (adapters/influx/README.md)");
        f.noEffect("backoff-timeout", false, "Maximum time spent on backoff in one shot", "retries are bounded by -- --max-retries");
        f.noEffect("client-index", false, "Index of a client host, to distribute load over the URLs", "one URL a run here");
        f.refused("ingest-rate-limit", null, false, "Ingest rate limit in values/s",
                "give this harness's rate in points (lines) per second: -- --rate N");
        f.noEffect("cpu-profile", false, "Write cpu profile to file", "profile the JVM with your own profiler");
        f.noEffect("memprofile", true, "Whether to write a memprofile", "profile the JVM with your own profiler");
        f.refused("notification-port", null, false, "Listen port for remote notification messages",
                "a run stops on Ctrl-C or SIGTERM, its summary still printed");
        InfluxComparisons.declareReporting(f);
        f.noEffect("report-org-id", false, "Organization Id for InfluxDB 2 result metrics", "only with -report-host, which is refused");
        f.noEffect("report-auth-token", false, "Token for InfluxDB 2 result metrics", "only with -report-host, which is refused");
        f.noEffect("report-bucket-id", false, "Bucket for InfluxDB 2 result metrics", "only with -report-host, which is refused");
        ComparisonsData.declare(f, false); // bulk_data_gen's: the points made here instead of read
        InfluxComparisons.help(f);
        return f;
    }

    static int run(List<String> args, ToolRun run) {
        ToolFlags.Parsed p = InfluxComparisons.parse(NAME, flags(), args, run, BulkLoadInflux::usage);
        if (p == null) {
            return ToolRun.OK;
        }
        boolean generate = ComparisonsData.generating(p);
        if (generate && (p.has("file") || p.has("item-limit"))) {
            throw new UsageException(NAME + ": -" + (p.has("file") ? "file" : "item-limit") + " is about the points read,"
                    + " and bulk_data_gen's flags (" + givenGenerating(p) + ") make them here: give one or the other");
        }
        Target t = target(p);
        boolean json = flag(p, "json", true);
        List<String> log = new ArrayList<>();
        log.add(GoText.logPrefix() + "daemon URLs: [" + t.url() + "]");
        Map<String, String> o = new LinkedHashMap<>(t.options());
        if (generate || run.checkOnly()) {
            // made here; when only checking nothing is read, and the target's options are checked with these
            o.putAll(ComparisonsData.options(NAME, p, log));
            return load(run, t, o, p, null, json, log);
        }
        long limit = GoText.integer(NAME, "item-limit", p.get("item-limit", "-1"), -1, Long.MAX_VALUE);
        run.config(t.runTarget(), "iot-insert", o, p.runnerArgs()); // the options after '--' checked before the input is read
        try (PointInput points = read(run, p, limit)) {
            log.add(GoText.logPrefix() + String.format(Locale.ROOT, "read %d points of %d measurements",
                    points.points(), points.perMeasurement().size()));
            o.put("generator", "file");
            o.put("generator-file-format", "line-protocol");
            o.put("generator-file-paths", points.paths());
            return load(run, t, o, p, points, json, log);
        }
    }

    private static String givenGenerating(ToolFlags.Parsed p) {
        return String.join(", ", ComparisonsData.GENERATING.stream().filter(p::has).map(n -> "-" + n).toList());
    }

    /** The connection and write options: the v1 API, or with -organization and -token the v2 API. */
    private record Target(String url, Map<String, String> options) {
        /** {@code -do-load=false}: nothing is written, the noop target. */
        String runTarget() {
            return options.containsKey("influx-url") ? "influx" : "noop";
        }
    }

    private static Target target(ToolFlags.Parsed p) {
        Map<String, String> o = new LinkedHashMap<>();
        String url = InfluxComparisons.url(NAME, p);
        String db = p.get("db", "benchmark_db");
        if (!flag(p, "do-load", true)) {
            // the tool's way of measuring how fast the input is read: here, generated and encoded, then discarded
            return new Target(url, withWriterOptions(p, o));
        }
        o.put("influx-url", url);
        boolean v2 = p.has("organization") || p.has("token");
        if (v2) { // as the tool: both or neither
            if (p.get("organization", "").isEmpty()) {
                throw new UsageException(NAME + ": organization must be specified for InfluxDB v2 (-organization)");
            }
            if (p.get("token", "").isEmpty()) {
                throw new UsageException(NAME + ": token must be specified for InfluxDB v2 (-token)");
            }
            o.put("influx-api", "v2");
            o.put("org", p.get("organization", ""));
            o.put("bucket", db);
            o.put("token", p.get("token", ""));
        } else {
            o.put("influx-api", "v1");
            o.put("influx-database", db);
        }
        o.put("gzip", Boolean.toString(flag(p, "gzip", true)));
        o.put("verify", "true"); // what the tool leaves to the user: every point counted back
        if (!flag(p, "do-abort-on-exist", true)) {
            o.put("append", "true");
        }
        return new Target(url, withWriterOptions(p, o));
    }

    private static Map<String, String> withWriterOptions(ToolFlags.Parsed p, Map<String, String> o) {
        long batch = GoText.integer(NAME, "batch-size", p.get("batch-size", "5000"), 1, 1_000_000);
        long workers = GoText.integer(NAME, "workers", p.get("workers", "1"), 1, 1024);
        if (o.containsKey("influx-url")) {
            o.put("batch-lines", Long.toString(batch));
        }
        o.put("write-batch-rows", Long.toString(batch)); // a batch of the run is a request: its latency the request's
        o.put("workers", Long.toString(workers));
        Duration limit = GoText.duration(NAME, "time-limit", p.get("time-limit", "-1ns"));
        if (limit.compareTo(Duration.ZERO) > 0) {
            o.put("duration", limit.toString());
        }
        Duration progress = GoText.duration(NAME, "progress-interval", p.get("progress-interval", "-1ns"));
        if (progress.compareTo(Duration.ZERO) > 0) {
            o.put("watch-interval", progress.toString());
        }
        return o;
    }

    private static boolean flag(ToolFlags.Parsed p, String name, boolean otherwise) {
        return InfluxComparisons.flag(NAME, p, name, otherwise);
    }

    private static PointInput read(ToolRun run, ToolFlags.Parsed p, long limit) {
        if (p.has("file")) {
            Path file = Path.of(p.get("file", ""));
            try (InputStream in = Files.newInputStream(file)) {
                return nonEmpty(PointInput.read(in, limit, NAME, file.toString()), file.toString());
            } catch (NoSuchFileException e) {
                throw new UsageException(NAME + ": Error opening " + file + ": no such file");
            } catch (IOException e) {
                throw new UsageException(NAME + ": Error opening " + file + ": " + e.getMessage());
            }
        }
        if (run.in == System.in && Terminal.stdinIsTerminal()) { // the tool would wait for typed points
            throw noPoints();
        }
        return nonEmpty(PointInput.read(run.in, limit, NAME, "standard input"), "standard input");
    }

    private static PointInput nonEmpty(PointInput points, String source) {
        if (points.points() == 0) {
            points.close();
            throw source.equals("standard input") ? noPoints() : new UsageException(NAME + ": no points in " + source);
        }
        return points;
    }

    private static UsageException noPoints() {
        return new UsageException(NAME + ": no points on standard input: pipe them in (runner bulk_data_gen [flags] |"
                + " runner " + NAME + " ...), give -file FILE, or give bulk_data_gen's flags (-scale-var N ...) to make"
                + " them here");
    }

    private static int load(ToolRun run, Target t, Map<String, String> options, ToolFlags.Parsed p, PointInput read,
                            boolean json, List<String> log) {
        ToolRun.Config config = run.config(t.runTarget(), "iot-insert", options, p.runnerArgs());
        log.forEach(run.err::println);
        try {
            return run.run(config, (result, out) -> report(result, out, run.err, t.url(), read, json)).exitCode();
        } catch (UsageException e) {
            throw explained(e);
        }
    }

    /** The target's refusal of a measurement that holds points, with the tool's flag that appends to it. */
    private static UsageException explained(UsageException e) {
        if (e.getMessage() != null && e.getMessage().contains("already holds points")) {
            return new UsageException(e.getMessage() + " (" + NAME + ": -do-abort-on-exist=false appends, -- --clean"
                    + " drops it first)", e.option());
        }
        return e;
    }

    /** The tool's closing log line (stderr) and its JSON (stdout), from what the run measured. */
    private static void report(RunResult r, PrintStream out, PrintStream err, String url, PointInput read, boolean json) {
        long items = r.totals().counts().rows();
        double seconds = r.totals().durationSeconds();
        double s = Math.max(seconds, 1e-9);
        // read from the input: its bytes; made here: the line protocol written
        long bytes = read != null ? read.bytes() : r.totals().counts().bytes();
        double mb = bytes / s / (1 << 20);
        err.println(GoText.logPrefix() + String.format(Locale.ROOT, "loaded %d items in %fsec with %d workers (mean point"
                        + " rate %f/sec, mean value rate %f/s, %.2fMB/sec from stdin)", items, seconds, r.workers(),
                items / s, r.totals().counts().points() / s, mb));
        if (!json) {
            return;
        }
        Map<String, Object> j = new LinkedHashMap<>();
        j.put("daemon_urls", List.of(url));
        j.put("num_workers", r.workers());
        j.put("num_batches", r.totals().counts().operations());
        j.put("num_items_loaded", items);
        j.put("load_seconds", seconds);
        j.put("mean_point_rate", items / s);
        j.put("mean_value_rate", r.totals().counts().points() / s);
        j.put("byte_rate_MB_per_sec", mb);
        out.println(GoText.json(j));
    }

    private static void usage(PrintStream out, ToolFlags flags) {
        out.println("Usage: runner bulk_data_gen [FLAGS] | runner " + NAME + " -urls URL [FLAGS] [-- OPTIONS]");
        out.println("       runner " + NAME + " -urls URL -file points.lp [FLAGS]");
        out.println("       runner " + NAME + " -urls URL -scale-var N [bulk_data_gen's flags] [FLAGS]   (no pipe: made here)");
        out.println();
        out.println("influxdb-comparisons' loader: line protocol from standard input (every measurement; bulk_data_gen's");
        out.println("closing dataset-size line checked) written to InfluxDB by -workers writers, -batch-size lines a request,");
        out.println("then every point counted back. The input is read whole before the clock starts. With any of");
        out.println("bulk_data_gen's -use-case, -scale-var, -cardinality, -sampling-interval, -timestamp-start, -timestamp-end");
        out.println("or -seed, the points are made here instead and standard input is not read. At the end the tool's");
        out.println("'loaded N items in ...' line (stderr) and JSON (stdout), then this harness's summary.");
        out.println("After '--' come this harness's options: -- --username U (with INFLUX_PASSWORD) for a v1 server with auth,");
        out.println("-- --clean (drop the measurements first), -- --results DIR (see 'runner --help').");
        InfluxComparisons.printFlags(out, flags);
    }
}
