package io.dbharness.tools;

import io.dbharness.core.api.UsageException;
import io.dbharness.iot.QueryInstances;

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
import java.util.Map;

/**
 * {@code runner query_benchmarker_influxdb -urls URL -workers W [flags]}: influxdb-comparisons' query benchmarker.
 * It reads {@code runner bulk_query_gen}'s queries from standard input (or {@code -file}), checks them against the
 * instances their header draws, and runs them: this harness's iot-query on the influx target over the devops data,
 * the same instances in the same order over {@code -workers} clients. InfluxQL on the v1 API; with
 * {@code -use-compatibility -token T} on InfluxDB 2's v1 compatibility API. At the end the tool's JSON statistics
 * ({@link QueryStatistics}) and its {@code wall clock time} line, then this harness's summary. Given
 * {@code bulk_query_gen}'s {@code -query-type} (and its other flags), it makes the queries itself: no pipe needed.
 */
final class QueryBenchmarkerInflux {

    static final String NAME = "query_benchmarker_influxdb";

    private QueryBenchmarkerInflux() {
    }

    static ToolFlags flags() {
        ToolFlags f = new ToolFlags(NAME, ToolFlags.Style.GO);
        f.mapped("urls", null, "Daemon URL (default http://localhost:8086); the tool's comma-separated list: one here");
        f.mapped("workers", null, "Number of concurrent requests to make (default 1)");
        f.mapped("organization", null, "Organization name (InfluxDB 2; with -use-compatibility it is not needed)");
        f.mapped("token", null, "Authentication token (InfluxDB 2)");
        f.mappedSwitch("use-compatibility", null, "Use the compatibility /query API: InfluxQL with InfluxDB 2.x and -token");
        f.mapped("benchmark-duration", null, "Run querying for this long instead of stopping after the queries read");
        f.mapped("limit", null, "Limit the number of queries to send (default -1: all)");
        f.mapped("file", null, "Input file (default: standard input)");
        f.mappedSwitch("json", null, "Output results in JSON (default true; false: the tool's text lines on stderr)");
        f.mapped("read-timeout", null, "Read timeout: the deadline of one query (this harness's --op-timeout)");
        f.noEffect("write-timeout", false, "TCP write timeout", "a query's request is small; -read-timeout bounds the whole query");
        f.noEffect("dial-timeout", false, "TCP dial timeout", "connections are given 5 s here");
        f.noEffect("http-client-type", false, "HTTP client type {fast, default}", "one HTTP client here, the JDK's");
        f.noEffect("client-index", false, "Index of a client host, to distribute load over the URLs", "one URL a run here");
        f.mapped("use-case", null, "Use-case specific behavior: empty, or devops with -query-type (dashboard refused)");
        f.noEffect("debug", false, "Whether to print debug messages", "-- --verbose shows the driver's logs");
        f.refused("burn-in", null, false, "Number of queries to ignore before collecting statistics",
                "every query run is measured; run the queries once before to warm the server up");
        f.noEffect("print-interval", false, "Print timing stats after this many queries",
                "the statistics are printed once, at the end; the progress line goes to stderr every 5 s");
        f.noEffect("print-responses", true, "Pretty print JSON response bodies",
                "the first answers are digested into the result (runner compare --answers)");
        f.noEffect("memprofile", false, "Write a memory profile to this file", "profile the JVM with your own profiler");
        f.noEffect("batch-size", false, "Number of queries in batch per worker for the dashboard use case", "no dashboard use case here");
        f.noEffect("wait-interval", false, "Delay between batches of queries in the dashboard use case", "no dashboard use case here");
        f.refused("grad-workers-inc", null, true, "Whether to gradually increase the number of workers",
                "one number of workers a run here: runner sweep --vary workers=1,5,10 ... runs each");
        f.noEffect("grad-workers-max", false, "Maximum number of workers added gradually", "only with -grad-workers-inc, which is refused");
        f.noEffect("increase-interval", false, "Interval at which workers are added", "only with -grad-workers-inc, which is refused");
        f.refused("response-time-limit", null, false, "Query response time limit, after which the client stops",
                "a run stops at its query count or -benchmark-duration; -- --max-errors bounds failures");
        f.refused("notification-target", null, false, "host:port of finish message notification receiver",
                "runs are not coordinated over RPC here");
        f.refused("notification-group", null, false, "Terminate message notification siblings", "runs are not coordinated over RPC here");
        f.refused("notification-port", null, false, "Listen port for remote notification messages",
                "a run stops on Ctrl-C or SIGTERM, its statistics still printed");
        f.noEffect("rt-trend-samples", false, "Number of avg response time samples for linear regression", "no trend is computed");
        f.noEffect("moving-average-interval", false, "Interval of the moving mean response time", "the summary has the percentiles");
        InfluxComparisons.declareReporting(f);
        ComparisonsQueries.declare(f, false); // bulk_query_gen's: the queries made here instead of read
        InfluxComparisons.help(f);
        return f;
    }

    static int run(List<String> args, ToolRun run) {
        ToolFlags.Parsed p = InfluxComparisons.parse(NAME, flags(), args, run, QueryBenchmarkerInflux::usage);
        if (p == null) {
            return ToolRun.OK;
        }
        String useCase = p.get("use-case", "");
        if (useCase.equals("dashboard")) {
            throw new UsageException(NAME + " flag -use-case dashboard is not supported here: the dashboard use case's"
                    + " queries are not in this harness's catalogue");
        }
        // every flag checked before the queries are read
        Map<String, String> o = new LinkedHashMap<>(target(p));
        o.put("workers", Long.toString(GoText.integer(NAME, "workers", p.get("workers", "1"), 1, 1024)));
        if (p.has("read-timeout")) {
            o.put("op-timeout", GoText.duration(NAME, "read-timeout", p.get("read-timeout", "")).toString());
        }
        Duration duration = GoText.duration(NAME, "benchmark-duration", p.get("benchmark-duration", "0s"));
        boolean json = InfluxComparisons.flag(NAME, p, "json", true);
        GoText.integer(NAME, "limit", p.get("limit", "-1"), -1, Long.MAX_VALUE);
        List<String> log = new ArrayList<>();
        log.add(GoText.logPrefix() + "daemon URLs: [" + o.get("influx-url") + "]");
        ComparisonsQueries.Plan plan = plan(p, run, log);
        o.putAll(ComparisonsQueries.runOptions(plan));
        if (duration.compareTo(Duration.ZERO) > 0) { // the tool goes on past its queries until then
            o.remove("query-count");
            o.put("duration", duration.toString());
        }
        Map<String, String> labels = Map.of(plan.query(), plan.label());
        ToolRun.Config config = run.config("influx", "iot-query", o, p.runnerArgs());
        log.forEach(run.err::println);
        try {
            return run.run(config, (result, out) -> QueryStatistics.print(result, labels, json, out, run.err)).exitCode();
        } catch (UsageException e) {
            throw explained(e);
        }
    }

    /** The connection: the v1 API, anonymous or (-use-compatibility) with the token. */
    private static Map<String, String> target(ToolFlags.Parsed p) {
        Map<String, String> o = new LinkedHashMap<>();
        o.put("influx-url", InfluxComparisons.url(NAME, p));
        o.put("influx-api", "v1");
        String token = p.get("token", "");
        if (p.flag("use-compatibility")) {
            if (token.isEmpty()) {
                throw new UsageException(NAME + ": token must be provided when using compatibility API (-token)");
            }
            o.put("token", token); // with the v1 API: InfluxDB 2's compatibility API
        } else if (p.has("organization") || p.has("token")) {
            throw new UsageException(NAME + ": -organization and -token without -use-compatibility send Flux to"
                    + " InfluxDB 2's /api/v2/query, and the devops queries' Flux texts are not written here: add"
                    + " -use-compatibility to run them in InfluxQL on its v1 compatibility API");
        }
        return o;
    }

    /** The queries: made here from bulk_query_gen's flags, or read and checked against their header. */
    private static ComparisonsQueries.Plan plan(ToolFlags.Parsed p, ToolRun run, List<String> log) {
        if (p.has("query-type")) {
            return limited(p, ComparisonsQueries.plan(NAME, p, log));
        }
        if (run.checkOnly()) {
            // nothing is read when only checking: the run's options are checked with queries made here
            Map<String, String> values = new LinkedHashMap<>(p.values());
            values.put("query-type", "1-host-1-hr");
            return ComparisonsQueries.plan(NAME, new ToolFlags.Parsed(values, List.of(), p.runnerArgs()), log);
        }
        String source = p.has("file") ? p.get("file", "") : "standard input";
        QueryStream.Read read = read(p, run, source);
        if (read.count() == 0) {
            throw new UsageException(NAME + ": " + source + " holds a header but no queries");
        }
        ComparisonsQueries.Plan plan = ComparisonsQueries.plan(read.header(), read.count());
        log.add(GoText.logPrefix() + "read " + plan.count() + " queries (" + plan.label() + ")");
        return limited(p, plan);
    }

    private static ComparisonsQueries.Plan limited(ToolFlags.Parsed p, ComparisonsQueries.Plan plan) {
        long limit = GoText.integer(NAME, "limit", p.get("limit", "-1"), -1, Long.MAX_VALUE);
        return limit < 0 || limit >= plan.count() ? plan : new ComparisonsQueries.Plan(plan.header(), plan.query(),
                plan.label(), limit);
    }

    private static QueryStream.Read read(ToolFlags.Parsed p, ToolRun run, String source) {
        java.util.function.Function<Map<String, String>, QueryInstances> drawn =
                header -> ComparisonsQueries.instances(run, ComparisonsQueries.plan(header, 1));
        if (p.has("file")) {
            Path file = Path.of(source);
            try (InputStream in = Files.newInputStream(file)) {
                return QueryStream.read(in, NAME, source, drawn);
            } catch (NoSuchFileException e) {
                throw new UsageException(NAME + ": Error opening " + file + ": no such file");
            } catch (IOException e) {
                throw new UsageException(NAME + ": Error opening " + file + ": " + e.getMessage());
            }
        }
        // a terminal is no input: the tool would wait for typed queries
        InputStream in = run.in == System.in && Terminal.stdinIsTerminal() ? InputStream.nullInputStream() : run.in;
        return QueryStream.read(in, NAME, source, drawn);
    }

    /**
     * The run refuses a cpu table whose fields are not the devops model's integers: data from influxdb-comparisons'
     * own bulk_data_gen, whose cpu fields are floats. Said in the terms of this tool.
     */
    private static UsageException explained(UsageException e) {
        String m = e.getMessage();
        if (m != null && m.startsWith("the data flags do not match what cpu holds")) {
            return new UsageException(m.replace("; give the flags it was loaded with", "")
                    + ": the queries here ask about the data runner bulk_data_gen writes"
                    + " (integer cpu fields; influxdb-comparisons' own bulk_data_gen writes floats): load it with"
                    + " runner bulk_data_gen ... | runner bulk_load_influx ...", e.option());
        }
        return e;
    }

    private static void usage(PrintStream out, ToolFlags flags) {
        out.println("Usage: runner bulk_query_gen -query-type TYPE [FLAGS] | runner " + NAME + " -urls URL [-workers W] [FLAGS] [-- OPTIONS]");
        out.println("       runner " + NAME + " -urls URL -query-type TYPE [-queries N] [bulk_query_gen's flags]   (no pipe: made here)");
        out.println();
        out.println("influxdb-comparisons' query benchmarker: the queries runner bulk_query_gen wrote (checked against the");
        out.println("header they are drawn from), run in InfluxQL over -workers clients; InfluxDB 2 through its v1");
        out.println("compatibility API with -use-compatibility -token T. At the end the tool's JSON statistics (stdout) and");
        out.println("'wall clock time' line (stderr), then this harness's summary. With -query-type the queries are made here");
        out.println("and standard input is not read. -benchmark-duration D goes on past the queries read, drawing more of");
        out.println("the same type, until D has passed.");
        out.println("After '--' come this harness's options: -- --username U (with INFLUX_PASSWORD) for a v1 server with auth,");
        out.println("-- --results DIR (see 'runner --help').");
        InfluxComparisons.printFlags(out, flags);
    }
}
