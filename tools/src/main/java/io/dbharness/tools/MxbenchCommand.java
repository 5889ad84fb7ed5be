package io.dbharness.tools;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.dataformat.toml.TomlMapper;
import io.dbharness.core.api.UsageException;
import io.dbharness.core.measure.HistogramCodec;
import io.dbharness.core.result.OperationStats;
import io.dbharness.core.result.RunResult;
import org.HdrHistogram.Histogram;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.time.ZoneId;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * {@code runner mxbench run FLAGS}, {@code runner mxbench --config FILE} and {@code runner mxbench config}: YMatrix's
 * mxbench as its guide types it, on the matrixdb target. The telematics generator's flags are this harness's own
 * (mxbench's names); the writer becomes the matrixdb target's ingest (stdin: COPY through the master, http:
 * MatrixGate); the benchmark plug-in's queries the iot-query catalogue, whose mxbench queries carry mxbench's names.
 * At the end, mxbench's writer report (and benchmark report), then this harness's summary.
 */
public final class MxbenchCommand implements SeedTool {

    /** mxbench's own defaults where they differ from this harness's. */
    private static final String TS_START = "2022-04-25 09:00:00";
    private static final String TS_END = "2022-04-25 09:03:00";

    private static final String NO_MXGATE = "this harness starts no MatrixGate; with --writer http it posts to --writer-mxgate-url";
    private static final String PROGRESS = "progress is this harness's line every 5 s on stderr";
    private static final String REPORT = "the result JSON goes to dbharness-results/ (-- --results DIR)";

    @Override
    public List<String> names() {
        return List.of("mxbench");
    }

    @Override
    public String synopsis() {
        return "runner mxbench run|config [FLAGS] [-- OPTIONS]";
    }

    static ToolFlags flags() {
        ToolFlags f = new ToolFlags("mxbench", ToolFlags.Style.PFLAG);
        // Global Options
        f.noEffect("cpu-profile", true, "turn on cpu-profile for mxbench", "profile the JVM with your own profiler");
        f.mapped("schema-name", null, "the name of the schema (only public here)");
        f.mapped("table-name", null, "the name of the table");
        f.mapped("tag-num", null, "the number of the tags/devices");
        f.mapped("ts-start", null, "the start timestamp (default " + TS_START + ")");
        f.mapped("ts-end", null, "the end timestamp (default " + TS_END + ")");
        f.noEffect("partition-interval-in-hour", false, "the interval of the partition",
                "the table is created by the matrixdb target's DDL (adapters/matrixdb/README.md)");
        f.mappedSwitch("realtime", null, "keep generating data with the current time until stopped (this harness's --live; give -- --duration)");
        f.mapped("metrics-type", null, "the type of the metrics: int4, int8, float4, float8");
        f.mapped("ts-step-in-second", null, "the step of timestamp");
        f.mapped("total-metrics-count", null, "the total count of metrics");
        f.mapped("storage-type", null, "mars2 or mars3 (the matrixdb target's --matrixdb-storage)");
        f.refused("metrics-descriptions", null, false, "metrics-descriptions",
                "metrics are named c0..cN and typed by --metrics-type here");
        f.refused("dump", null, true, "whether to dump or not", "to write the rows to files use -- --target file --output DIR");
        f.mappedSwitch("simultaneous-loading-and-query", null, "load data and run benchmark queries simultaneously (workload iot-mixed)");
        f.noEffect("workspace", false, "the workspace of mxbench, directory to dump or backup",
                "no CSV or query files are written; " + REPORT);
        f.alias("workplace", "workspace");
        f.refused("ddl-file-path", null, false, "the file path of ddl",
                "the DDL is the matrixdb target's own (runner queries and adapters/matrixdb/README.md show it)");
        f.mapped("config", "C", "configuration file to load (mxbench's TOML)");
        f.noEffect("skip-set-gucs", true, "whether to skip set GUCs", "this harness sets no server GUCs");
        f.refused("pre-benchmark-query", null, false, "SQL run before the benchmark queries", "run it with psql before");
        f.refused("degrade", null, true, "whether do degrade after load", "MatrixDB's degrade step is not run here");
        f.noEffect("log-level", false, "log level: debug, verbose, info, error", "-- --verbose shows driver logs");
        f.mappedSwitch("help", "h", "print usage");
        f.mappedSwitch("version", null, "print version");
        f.mappedSwitch("watch", null, "whether to watch progress of each step or not (default true)");
        f.noEffect("report-format", false, "the format of report", REPORT);
        f.noEffect("report-path", false, "the file path for report to dump", REPORT);
        // Database Options
        f.mapped("db-master-host", null, "The hostname of YMatrix master [env PGHOST]");
        f.mapped("db-master-port", null, "The port of YMatrix master (default 5432) [env PGPORT]");
        f.mapped("db-user", null, "The user name of YMatrix [env PGUSER]");
        f.mapped("db-password", null, "Password of YMatrix user [env PGPASSWORD]");
        f.mapped("db-database", null, "The database name of YMatrix (default postgres) [env PGDATABASE]");
        f.alias("database", "db-database");
        // Generator Options
        f.mapped("generator", null, "telematics, file or nil (nil: no data; the benchmark queries only)");
        f.mapped("generator-batch-size", null, "lines a tag's metrics of one timestamp are split into");
        f.mapped("generator-disorder-ratio", null, "the percent of data timestamp that is disordered");
        f.mapped("generator-empty-value-ratio", null, "the ratio of empty metrics value in one line");
        f.mapped("generator-randomness", null, "the randomness of metrics, OFF/S/M/L");
        f.mapped("generator-num-goroutine", null, "goroutines calling the write function (this harness's --workers)");
        f.noEffect("generator-write-batch-size", false, "the estimated mega bytes of batch size to call write function",
                "a batch is -- --write-batch-rows rows here");
        f.noEffect("generator-add-comment", true, "add comment on columns", "no column comments are written");
        f.mappedList("generator-file-paths", "the data files to load, comma separated (--generator file)");
        // Writer Options
        f.mapped("writer", null, "stdin (COPY through the master), http (MatrixGate at --writer-mxgate-url) or nil (discard)");
        f.mapped("writer-parallel", null, "the parallel of http writer (this harness's --workers)");
        f.mappedSwitch("writer-use-gzip", null, "use gzip for http writer");
        f.noEffect("writer-stream-prepared", false, "stream-prepared for mxgate", NO_MXGATE);
        f.noEffect("writer-interval", false, "interval for mxgate", NO_MXGATE);
        f.noEffect("writer-mxgate-path", false, "path of mxgate", NO_MXGATE);
        f.mapped("writer-mxgate-url", null, "http url of mxgate");
        f.noEffect("writer-progress-format", false, "progress format", PROGRESS);
        f.noEffect("writer-progress-include-table-size", true, "whether progress include table size", PROGRESS);
        f.noEffect("writer-progress-with-timezone", true, "whether print time with timezone", PROGRESS);
        // Benchmark Options
        f.mapped("benchmark", null, "telematics or nil");
        f.mappedList("benchmark-parallel", "parallel of the queries (one value a run here; runner sweep varies it)");
        f.mappedList("benchmark-run-query-names",
                "queries to run: SINGLE_TAG_LATEST_QUERY, MULTI_TAG_LATEST_QUERY, SINGLE_TAG_DETAIL_QUERY (or any of runner queries)");
        f.refused("benchmark-custom-queries", null, false, "custom query SQLs",
                "write them into a --query-file YAML (a name and a text each) and give -- --query-file FILE");
        f.refused("benchmark-combination-queries", null, false, "queries by combining expressions",
                "write the queries they make into a --query-file YAML and give -- --query-file FILE");
        f.mapped("benchmark-run-times", null, "the times of queries with set parallels");
        f.mapped("benchmark-runtime-in-second", null, "total runtime of queries when benchmark-run-times is 0 (default 60)");
        f.noEffect("benchmark-progress-format", false, "progress format", PROGRESS);
        f.refused("benchmark-ts-start", null, false, "the start timestamp of query", "query windows follow the data's time range here");
        f.refused("benchmark-ts-end", null, false, "the end timestamp of query", "query windows follow the data's time range here");
        f.noEffect("benchmark-simple-metrics-count", false, "the count of metrics of simple type", "queries ask the table's metrics");
        f.noEffect("benchmark-json-metrics-count", false, "the count of metrics of json type", "queries ask the table's metrics");
        return f;
    }

    /**
     * This harness's options as mxbench's users write them, for the messages that name one: besides these, the
     * options whose aliases are mxbench's flags ({@link ToolRun#aliases()}).
     */
    private static final Map<String, String> TYPED = Map.ofEntries(Map.entry("matrixdb-storage", "--storage-type"),
            Map.entry("mxgate-url", "--writer-mxgate-url"), Map.entry("clean", "-- --clean"), Map.entry("append", "-- --append"),
            Map.entry("allow-compatible-server", "-- --allow-compatible-server"));

    @Override
    public int run(String name, List<String> args, ToolRun run) {
        Map<String, String> typed = new LinkedHashMap<>(TYPED);
        run.aliases().forEach((alias, option) -> typed.put(option, "--" + alias));
        try {
            return runAsTyped(args, run);
        } catch (ToolRun.UnknownFlag e) {
            String spelled = typed.get(e.name());
            if (spelled != null && !spelled.startsWith("-- ")) { // --host given as the harness spells it
                throw new UsageException("unknown flag '--" + e.name() + "' for 'mxbench': mxbench names it " + spelled);
            }
            throw e; // the flag as typed: the runner says when it is this harness's option
        } catch (UsageException e) {
            throw ToolRun.asTyped(e, typed);
        }
    }

    private int runAsTyped(List<String> args, ToolRun run) {
        ToolFlags flags = flags();
        List<String> warnings = new ArrayList<>();
        ToolFlags.Parsed cli = flags.parse(args, warnings::add);
        if (cli.flag("help") || cli.positionals().equals(List.of("help"))) {
            usage(run.out, flags);
            return ToolRun.OK;
        }
        if (cli.flag("version") || cli.positionals().equals(List.of("version"))) {
            run.out.println("mxbench command line of dbharness " + io.dbharness.core.engine.Version.harness());
            return ToolRun.OK;
        }
        String command = cli.positionals().isEmpty() ? "run" : cli.positionals().get(0);
        if (cli.positionals().size() > 1 || !List.of("run", "config").contains(command)) {
            throw new UsageException("unknown mxbench command '" + String.join(" ", cli.positionals())
                    + "': expected run or config (see 'runner mxbench --help')");
        }
        Map<String, String> values = new LinkedHashMap<>();
        if (cli.has("config")) {
            if (command.equals("config")) { // mxbench's own rule
                throw new UsageException("invalid usage: command config conflict with --config option");
            }
            values.putAll(readConfig(Path.of(cli.get("config", "")), flags, warnings::add));
        }
        values.putAll(cli.values()); // the command line overrides the file, as in mxbench
        values.remove("config");
        String results = runnerValue(cli.runnerArgs(), "--results");
        if (results != null) { // the warnings of mxbench's report flags say where the result goes: there
            warnings.replaceAll(w -> w.replace(REPORT, "the result JSON goes to " + results + ", as -- --results says"));
        }
        warnings.stream().distinct().forEach(run::warn);
        if (command.equals("config")) {
            printConfig(run.out, values);
            return ToolRun.OK;
        }
        Translation t = translate(values, run.aliases());
        // a bad value (--tag-num -5) first, then what the combination of flags lacks, then the server
        for (ToolRun.Config c : t.serialQueries() ? List.of(run.config(t.target(), "iot-insert", without(t.options(), QUERY_ONLY),
                cli.runnerArgs())) : List.of(run.config(t.target(), t.workload(), t.options(), cli.runnerArgs()))) {
            run.checkValues(c);
        }
        if (t.lacking() != null) {
            throw new UsageException(t.lacking());
        }
        if (!t.serialQueries()) {
            ToolRun.Config config = run.config(t.target(), t.workload(), t.options(), cli.runnerArgs());
            return run.run(config, report(t, values)).exitCode();
        }
        // mxbench without --simultaneous-loading-and-query: the load, then the queries on what it loaded
        Map<String, String> load = without(t.options(), QUERY_ONLY);
        Map<String, String> query = new LinkedHashMap<>(t.options());
        INGEST_ONLY.forEach(query::remove);
        query.put("workers", values.getOrDefault("benchmark-parallel", "1"));
        List<String> queryArgs = new ArrayList<>(cli.runnerArgs());
        queryArgs.removeIf(a -> a.equals("--clean") || a.startsWith("--clean="));
        ToolRun.Config loadConfig = run.config(t.target(), "iot-insert", load, cli.runnerArgs());
        ToolRun.Config queryConfig = run.config(t.target(), "iot-query", query, queryArgs);
        // both checked before the load: a mistake in the queries must not wait for it
        if (run.embedded(queryConfig)) {
            throw new UsageException("mxbench's queries after the load run as a second run, and the embedded "
                    + queryConfig.target() + " starts empty in every run: name a server (--db-master-host ...), or give"
                    + " --simultaneous-loading-and-query (the queries during the load and after it, in one run)");
        }
        run.check(loadConfig);
        run.check(queryConfig);
        ToolRun.Outcome loaded = run.run(loadConfig, report(t, values));
        if (loaded.exitCode() != ToolRun.OK || loaded.stopped()) {
            return loaded.exitCode();
        }
        return run.run(queryConfig, report(t, values)).exitCode();
    }

    /** The value of this harness's {@code option} among the options after {@code --} (the last given), or null. */
    private static String runnerValue(List<String> runnerArgs, String option) {
        String value = null;
        for (int i = 0; i < runnerArgs.size(); i++) {
            String a = runnerArgs.get(i);
            if (a.equals(option) && i + 1 < runnerArgs.size()) {
                value = runnerArgs.get(++i);
            } else if (a.startsWith(option + "=")) {
                value = a.substring(option.length() + 1);
            }
        }
        return value;
    }

    private static Map<String, String> without(Map<String, String> options, List<String> names) {
        Map<String, String> left = new LinkedHashMap<>(options);
        names.forEach(left::remove);
        return left;
    }

    private static final List<String> QUERY_ONLY = List.of("queries", "query-count", "duration");
    private static final List<String> INGEST_ONLY = List.of("verify", "workers", "generator-disorder-ratio",
            "generator-batch-size", "generator-randomness", "live", "matrixdb-ingest", "mxgate-url", "mxgate-gzip");

    /**
     * @param serialQueries mxbench's default with queries named: load first, then query (two runs)
     * @param lacking what the combination of flags lacks (said once the values are checked), or null
     */
    record Translation(String target, String workload, Map<String, String> options, boolean serialQueries, String writer,
                       String lacking) {
    }

    /**
     * mxbench's settings as this harness's options: the run's workload and the matrixdb target's options.
     *
     * @param aliases the harness options' other names (mxbench's db-* flags), each to the option's name
     */
    static Translation translate(Map<String, String> v, Map<String, String> aliases) {
        Map<String, String> o = new LinkedHashMap<>();
        String schema = v.getOrDefault("schema-name", "public");
        if (!schema.equals("public")) {
            throw new UsageException("mxbench flag --schema-name " + schema + " is not supported here: tables are created"
                    + " in the connection's search_path (public)");
        }
        String lacking = null;
        if (v.getOrDefault("table-name", "").isBlank()) { // mxbench's own rule: no default table
            lacking = "mxbench needs --table-name (the table to create and load; mxbench has no default)";
        }
        copy(v, o, "table-name", "table-name");
        copy(v, o, "tag-num", "tag-num");
        o.put("ts-start", v.getOrDefault("ts-start", TS_START));
        o.put("ts-end", v.getOrDefault("ts-end", TS_END));
        copy(v, o, "metrics-type", "metrics-type");
        copy(v, o, "ts-step-in-second", "ts-step-in-second");
        copy(v, o, "total-metrics-count", "total-metrics-count");
        if (Boolean.parseBoolean(v.getOrDefault("realtime", "false"))) {
            o.put("live", "true");
            o.remove("ts-end");
        }
        if (v.containsKey("storage-type")) {
            String s = v.get("storage-type");
            if (!s.equals("mars2") && !s.equals("mars3")) {
                throw new UsageException("invalid value '" + s + "' for mxbench flag --storage-type: expected mars2 or mars3");
            }
            o.put("matrixdb-storage", s);
        }
        if (!Boolean.parseBoolean(v.getOrDefault("watch", "true"))) {
            o.put("no-watch", "true");
        }
        aliases.forEach((alias, option) -> copy(v, o, alias, option));
        String generator = v.getOrDefault("generator", "telematics");
        switch (generator) {
            case "telematics" -> {
                copy(v, o, "generator-disorder-ratio", "generator-disorder-ratio");
                copy(v, o, "generator-randomness", "generator-randomness");
            }
            case "file" -> {
                o.put("generator", "file");
                if (!v.containsKey("generator-file-paths")) {
                    throw new UsageException("mxbench --generator file needs --generator-file-paths");
                }
                copy(v, o, "generator-file-paths", "generator-file-paths");
                // a file's rows carry their own times
                o.remove("ts-start");
                o.remove("ts-end");
            }
            case "nil" -> {
            }
            default -> throw new UsageException("invalid value '" + generator
                    + "' for mxbench flag --generator: expected telematics, file or nil");
        }
        copy(v, o, "generator-batch-size", "generator-batch-size");
        copy(v, o, "generator-empty-value-ratio", "generator-empty-value-ratio");
        String writer = v.getOrDefault("writer", "http");
        String workers = v.get("generator-num-goroutine");
        switch (generator.equals("nil") ? "nil" : writer) { // no data: no writer to set up
            case "stdin" -> o.put("matrixdb-ingest", "copy");
            case "http" -> {
                if (!v.containsKey("writer-mxgate-url") && lacking == null) {
                    lacking = "mxbench --writer http needs --writer-mxgate-url here (this harness starts no"
                            + " MatrixGate; --writer stdin loads through the master with COPY)";
                }
                o.put("matrixdb-ingest", "mxgate-http");
                put(o, "mxgate-url", v.get("writer-mxgate-url"));
                copy(v, o, "writer-use-gzip", "mxgate-gzip");
                workers = v.getOrDefault("writer-parallel", workers != null ? workers : "8"); // mxbench's default
            }
            case "nil" -> {
            }
            default -> throw new UsageException("invalid value '" + writer + "' for mxbench flag --writer: expected stdin, http or nil");
        }
        String benchmark = v.getOrDefault("benchmark", "telematics");
        if (!benchmark.equals("telematics") && !benchmark.equals("nil")) {
            throw new UsageException("invalid value '" + benchmark + "' for mxbench flag --benchmark: expected telematics or nil");
        }
        // mxbench runs no query unless named
        boolean queries = benchmark.equals("telematics") && !v.getOrDefault("benchmark-run-query-names", "").isBlank();
        String parallel = v.get("benchmark-parallel");
        if (parallel != null && parallel.contains(",")) {
            throw new UsageException("mxbench --benchmark-parallel " + parallel + ": one parallel a run here; run the"
                    + " others with 'runner sweep --vary workers=" + parallel + "'");
        }
        if (queries) {
            o.put("queries", ourQueryNames(v.get("benchmark-run-query-names")));
            String times = v.get("benchmark-run-times");
            if (times != null && !times.equals("0")) {
                // mxbench runs each query that many times on each of the parallel clients
                o.put("query-count", String.valueOf(Long.parseLong(times)
                        * o.get("queries").split(",").length * Long.parseLong(parallel == null ? "1" : parallel)));
            } else {
                o.put("duration", v.getOrDefault("benchmark-runtime-in-second", "60") + "s");
            }
        } else if (generator.equals("nil")) {
            throw new UsageException("mxbench --generator nil with no --benchmark-run-query-names: there is nothing to run");
        }
        String workload;
        boolean serial = false;
        if (generator.equals("nil")) {
            workload = "iot-query";
            put(o, "workers", parallel);
        } else if (!queries) {
            workload = "iot-insert";
            put(o, "workers", workers);
            o.put("verify", "true"); // what mxbench's guide checks by hand: the lines are in the table
        } else if (Boolean.parseBoolean(v.getOrDefault("simultaneous-loading-and-query", "false"))) {
            workload = "iot-mixed";
            o.remove("duration"); // the queries run while the data loads, then for idle-query-duration
            if (v.containsKey("benchmark-runtime-in-second")) {
                o.put("idle-query-duration", v.get("benchmark-runtime-in-second") + "s");
            }
            put(o, "ingest-workers", workers);
            put(o, "query-workers", parallel);
            o.put("verify", "true");
        } else {
            workload = "iot-insert";
            serial = true;
            put(o, "workers", workers);
            o.put("verify", "true");
        }
        if (writer.equals("nil")) { // the rows are made and discarded: no database
            o.keySet().removeAll(List.of("host", "port", "user", "password", "database", "matrixdb-ingest", "matrixdb-storage",
                    "mxgate-url", "mxgate-gzip", "verify"));
        }
        return new Translation(writer.equals("nil") ? "noop" : "matrixdb", workload, o, serial, writer, lacking);
    }

    private static final List<String> MXBENCH_QUERIES = List.of("SINGLE_TAG_LATEST_QUERY", "MULTI_TAG_LATEST_QUERY",
            "SINGLE_TAG_DETAIL_QUERY");

    /** mxbench's names ({@code SINGLE_TAG_LATEST_QUERY}) as the catalogue's ({@code single-tag-latest}); others as given. */
    static String ourQueryNames(String names) {
        List<String> out = new ArrayList<>();
        for (String n : names.split(",")) {
            String name = n.strip();
            out.add(MXBENCH_QUERIES.contains(name) ? name.substring(0, name.length() - "_QUERY".length())
                    .toLowerCase(Locale.ROOT).replace('_', '-') : name);
        }
        return String.join(",", out);
    }

    /** The catalogue's name as mxbench calls it, for mxbench's report. */
    private static String mxbenchName(String type) {
        return switch (type.replaceFirst("@idle$", "")) {
            case "single-tag-latest", "multi-tag-latest", "single-tag-detail" ->
                    type.replaceFirst("@idle$", "").toUpperCase(Locale.ROOT).replace('-', '_') + "_QUERY"
                            + (type.endsWith("@idle") ? "@idle" : "");
            default -> type;
        };
    }

    private static void copy(Map<String, String> from, Map<String, String> to, String key, String option) {
        if (from.containsKey(key)) {
            to.put(option, from.get(key));
        }
    }

    private static void put(Map<String, String> to, String option, String value) {
        if (value != null) {
            to.put(option, value);
        }
    }

    /** mxbench's writer report, and for a query run its benchmark report, in the boxes mxbench draws. */
    private static ToolRun.Report report(Translation t, Map<String, String> values) {
        return (result, out) -> {
            if (!result.workload().equals("iot-query")) {
                out.print(writerBox(result, t.writer()));
            }
            if (!result.workload().equals("iot-insert")) {
                out.print(benchmarkBox(result, values.getOrDefault("benchmark-parallel", "1")));
            }
        };
    }

    private static final DateTimeFormatter TIME = DateTimeFormatter.ofPattern("yyyy-MM-dd HH:mm:ss", Locale.ROOT)
            .withZone(ZoneId.systemDefault());

    static String writerBox(RunResult r, String writer) {
        double ratio = r.compressionRatio().orElse(-1);
        String title = "Summary Report for " + writer.toUpperCase(Locale.ROOT) + " Writer";
        return ToolBox.render(title, List.of(
                List.of("start time:", TIME.format(r.start())),
                List.of("stop time:", TIME.format(r.end())),
                List.of("size written to MxGate (bytes):", String.valueOf(r.totals().counts().bytes())),
                List.of("lines inserted:", String.valueOf(r.totals().counts().rows())),
                List.of("compress ratio:", ratio > 0 ? String.format(Locale.ROOT, "%.6f : 1", ratio) : "unknown")));
    }

    /** mxbench's "Query Name\Parallel" table: one row per query type, its latencies in the parallel's column. */
    static String benchmarkBox(RunResult r, String parallel) {
        List<List<String>> rows = new ArrayList<>();
        rows.add(List.of("Query Name\\Parallel", parallel));
        double total = r.totals().durationSeconds();
        // iot-mixed: the queries under ingest ran while the insert group worked, the @idle ones after it
        double ingest = r.groups() == null ? total : r.groups().stream().filter(g -> g.name().equals("insert"))
                .mapToDouble(g -> g.totals().durationSeconds()).findFirst().orElse(total);
        for (OperationStats s : r.operations()) {
            if (s.type().equals("insert") || s.counts().completed() == 0) {
                continue;
            }
            Histogram h = s.histogram() == null ? null : HistogramCodec.decode(s.histogram());
            double seconds = s.type().endsWith("@idle") ? total - ingest : ingest;
            rows.add(List.of(mxbenchName(s.type()), String.format(Locale.ROOT,
                    "Overall Duration %.2fs, Average Latency %.3fms, P75 Latency %.3fms, P50 Latency %.3fms,"
                            + " P25 Latency %.3fms, TPS %d",
                    seconds, s.meanMillis(), percentile(h, 75), s.p50Millis(), percentile(h, 25),
                    Math.round(s.counts().completed() / Math.max(seconds, 1e-9)))));
        }
        return ToolBox.render("Summary Report for Telematics Benchmark", rows);
    }

    private static double percentile(Histogram h, double p) {
        return h == null ? Double.NaN : h.getValueAtPercentile(p) / 1000.0;
    }

    /**
     * mxbench's TOML config: sections {@code [database]}, {@code [global]}, {@code [generator]},
     * {@code [generator.telematics]}, {@code [writer]}, {@code [writer.stdin]}, {@code [benchmark]}... whose keys are
     * the flag names; read as if each key were given as its flag.
     */
    static Map<String, String> readConfig(Path file, ToolFlags flags, java.util.function.Consumer<String> warn) {
        String text;
        try {
            text = Files.readString(file);
        } catch (NoSuchFileException e) {
            throw new UsageException("mxbench config file " + file + " does not exist");
        } catch (IOException e) {
            throw new UsageException("cannot read mxbench config file " + file + ": " + e.getMessage());
        }
        JsonNode root;
        try {
            root = new TomlMapper().readTree(text);
        } catch (IOException e) {
            String line = e instanceof com.fasterxml.jackson.core.JsonProcessingException j && j.getLocation() != null
                    && j.getLocation().getLineNr() > 0 ? " line " + j.getLocation().getLineNr() : "";
            throw new UsageException("mxbench config file " + file + line + " is not valid TOML: "
                    + String.valueOf(e instanceof com.fasterxml.jackson.core.JsonProcessingException j ? j.getOriginalMessage()
                    : e.getMessage()).lines().findFirst().orElse(""));
        }
        List<String> args = new ArrayList<>();
        flatten(root, file, args);
        Map<String, String> values = new LinkedHashMap<>(flags.parse(args, warn).values());
        values.remove("config");
        return values;
    }

    private static void flatten(JsonNode node, Path file, List<String> args) {
        for (Iterator<Map.Entry<String, JsonNode>> it = node.fields(); it.hasNext(); ) {
            Map.Entry<String, JsonNode> e = it.next();
            JsonNode v = e.getValue();
            if (v.isObject()) {
                flatten(v, file, args);
                continue;
            }
            String value;
            if (v.isArray()) {
                List<String> items = new ArrayList<>();
                v.forEach(i -> items.add(i.asText()));
                value = String.join(",", items);
            } else {
                value = v.asText();
            }
            if (!value.isEmpty()) { // mxbench's sample configs write unset settings as "" and []
                args.add("--" + e.getKey() + "=" + value);
            }
        }
    }

    /** {@code mxbench config [flags]}: a config file holding the given flags, the others commented at their defaults. */
    private static void printConfig(PrintStream out, Map<String, String> given) {
        ToolFlags flags = flags();
        Map<String, List<String>> sections = new LinkedHashMap<>();
        sections.put("database", List.of("db-master-host", "db-master-port", "db-user", "db-password", "db-database"));
        sections.put("global", List.of("schema-name", "table-name", "tag-num", "ts-start", "ts-end", "metrics-type",
                "ts-step-in-second", "total-metrics-count", "storage-type", "realtime", "simultaneous-loading-and-query",
                "workspace", "watch"));
        sections.put("generator", List.of("generator"));
        sections.put("generator." + given.getOrDefault("generator", "telematics"), List.of("generator-batch-size",
                "generator-disorder-ratio", "generator-empty-value-ratio", "generator-randomness", "generator-num-goroutine",
                "generator-file-paths"));
        sections.put("writer", List.of("writer"));
        sections.put("writer." + given.getOrDefault("writer", "http"), List.of("writer-parallel", "writer-use-gzip",
                "writer-mxgate-url"));
        sections.put("benchmark", List.of("benchmark"));
        sections.put("benchmark." + given.getOrDefault("benchmark", "telematics"), List.of("benchmark-parallel",
                "benchmark-run-query-names", "benchmark-run-times", "benchmark-runtime-in-second"));
        Map<String, String> defaults = Map.ofEntries(Map.entry("db-master-port", "5432"), Map.entry("db-database", "postgres"),
                Map.entry("schema-name", "public"), Map.entry("table-name", "telematics"), Map.entry("tag-num", "25000"),
                Map.entry("ts-start", TS_START), Map.entry("ts-end", TS_END), Map.entry("metrics-type", "float8"),
                Map.entry("ts-step-in-second", "1"), Map.entry("total-metrics-count", "300"), Map.entry("storage-type", "mars3"),
                Map.entry("realtime", "false"), Map.entry("simultaneous-loading-and-query", "false"),
                Map.entry("workspace", "/tmp/mxbench"), Map.entry("watch", "true"), Map.entry("generator", "telematics"),
                Map.entry("generator-batch-size", "1"), Map.entry("generator-disorder-ratio", "0"),
                Map.entry("generator-empty-value-ratio", "90"), Map.entry("generator-randomness", "OFF"),
                Map.entry("generator-num-goroutine", "1"), Map.entry("writer", "http"), Map.entry("writer-parallel", "8"),
                Map.entry("writer-use-gzip", "false"), Map.entry("benchmark", "telematics"),
                Map.entry("benchmark-run-times", "0"), Map.entry("benchmark-runtime-in-second", "60"));
        out.println("# mxbench config for 'runner mxbench --config FILE' (and for mxbench itself); keys are mxbench's flags");
        for (Map.Entry<String, List<String>> s : sections.entrySet()) {
            out.println();
            out.println("[" + s.getKey() + "]");
            for (String key : s.getValue()) {
                out.println("  ## " + flags.flag(key).help());
                String value = given.containsKey(key) ? given.get(key) : defaults.get(key);
                boolean mandatory = key.equals("generator") || key.equals("writer") || key.equals("benchmark");
                String line = key + " = " + toml(key, value);
                out.println("  " + (given.containsKey(key) || mandatory ? "" : "# ") + line);
            }
        }
    }

    private static String toml(String key, String value) {
        if (value == null) {
            return "\"\"";
        }
        if (key.equals("benchmark-parallel") || key.equals("generator-file-paths") || key.equals("benchmark-run-query-names")) {
            List<String> items = new ArrayList<>();
            for (String item : value.split(",")) {
                items.add(key.equals("benchmark-parallel") ? item.strip() : "\"" + item.strip() + "\"");
            }
            return "[" + String.join(", ", items) + "]";
        }
        if (value.matches("-?\\d+|true|false")) {
            return value;
        }
        return "\"" + value.replace("\\", "\\\\").replace("\"", "\\\"") + "\"";
    }

    private static void usage(PrintStream out, ToolFlags flags) {
        out.println("Usage: runner mxbench run [FLAGS] [-- OPTIONS]     run as mxbench run does");
        out.println("       runner mxbench --config FILE [FLAGS]       mxbench's TOML config; flags override it");
        out.println("       runner mxbench config [FLAGS] > mxbench.conf   print a config holding FLAGS");
        out.println();
        out.println("YMatrix's mxbench command line on the matrixdb target: the data load through the master (--writer stdin)");
        out.println("or MatrixGate (--writer http --writer-mxgate-url URL), the benchmark's queries, mxbench's Summary Report,");
        out.println("then this harness's summary and result file. The load is verified (every line counted back).");
        out.println("After '--' come this harness's options: -- --allow-compatible-server (a plain PostgreSQL),");
        out.println("-- --target postgres, -- --clean (drop an existing table), -- --results DIR (see 'runner --help').");
        out.println();
        out.println("Flags (mxbench's; those marked are accepted without effect, or refused, with the reason):");
        flags.printUsage(out);
    }
}
