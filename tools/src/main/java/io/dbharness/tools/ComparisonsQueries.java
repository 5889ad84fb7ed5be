package io.dbharness.tools;

import io.dbharness.core.api.QueryLanguage;
import io.dbharness.core.api.TargetProvider;
import io.dbharness.core.api.UsageException;
import io.dbharness.core.api.WorkloadProvider;
import io.dbharness.core.config.Settings;
import io.dbharness.core.engine.Harness;
import io.dbharness.iot.QueryInstances;

import java.time.Duration;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * influxdb-comparisons' {@code bulk_query_gen} flags, which also make {@code query_benchmarker_influxdb} generate
 * its queries itself (the one-command form): the devops query types as this harness's devops catalogue names
 * them (influxdb-comparisons' names are its aliases), over the data {@code bulk_data_gen} writes with the same
 * {@code -scale-var} and time range. A plan is what the query stream's header records ({@link QueryStream}).
 */
final class ComparisonsQueries {

    /** influxdb-comparisons' devops query types, with the catalogue query each is an alias of. */
    static final Map<String, String> TYPES = Map.of("1-host-1-hr", "single-groupby-1-1-1", "1-host-12-hr",
            "single-groupby-1-1-12", "8-host-1-hr", "single-groupby-1-8-1", "groupby", "double-groupby-1");
    /** The hours each type's window spans, which the time range must hold (the tool's own check). */
    private static final Map<String, Integer> HOURS = Map.of("single-groupby-1-1-1", 1, "single-groupby-1-1-12", 12,
            "single-groupby-1-8-1", 1, "double-groupby-1", 12);
    private static final String TYPE_LIST = "1-host-1-hr, 1-host-12-hr, 8-host-1-hr, groupby";

    private ComparisonsQueries() {
    }

    /** Declares bulk_query_gen's flags; {@code ownCommand}: also those the benchmarker declares itself. */
    static void declare(ToolFlags f, boolean ownCommand) {
        f.mapped("format", null, "Format to emit: influx-http (InfluxQL; influx-flux-http and the other databases' refused)");
        if (ownCommand) {
            f.mapped("use-case", null, "Use case to model: devops (the tool's others are refused)");
            f.noEffect("debug", false, "Debug printing (choices: 0, 1)", "every query's parameters are on its line of the output");
        }
        f.mapped("query-type", null, "Query type: " + TYPE_LIST + " (or a TSBS devops name: runner queries --target"
                + " influx --generator devops lists them)");
        f.mapped("scale-var", null, "Scaling variable (the -scale-var the data was generated with; default 1)");
        f.mapped("queries", null, "Number of queries to generate (default 1000)");
        f.mapped("db", null, "Database to use (default benchmark_db)");
        f.mapped("timestamp-start", null, "Beginning timestamp, RFC 3339 (default " + ComparisonsData.START + ")");
        f.mapped("timestamp-end", null, "Ending timestamp, RFC 3339 (default " + ComparisonsData.END + ")");
        f.mapped("seed", null, "PRNG seed (default, or 0, uses the current timestamp)");
        f.noEffect("query-interval", false, "Time interval query should ask for",
                "each devops type's window is its own (1h, 12h), as in the tool");
        f.mapped("query-interval-type", null, "Query interval type: window (random windows; last and recent refused)");
        f.refused("time-window-shift", null, false, "Sliding time window shift",
                "windows are drawn at random in the time range here; give -queries N");
        f.noEffect("document-format", false, "Document format (MongoDB)", "InfluxDB only here");
        f.noEffect("single-collection", true, "Whether all data is in one collection (MongoDB)", "InfluxDB only here");
        f.refused("interleaved-generation-group-id", null, false, "Group (0-indexed) to perform round-robin serialization within",
                "one process makes every query here");
        f.refused("interleaved-generation-groups", null, false, "The number of round-robin serialization groups",
                "one process makes every query here");
    }

    /**
     * What a run of the queries needs to know, as the stream's header records it.
     *
     * @param header  key to value: generator settings, the query and how many
     * @param query   the catalogue's name of the query type
     * @param label   the tool's name of the type in its statistics ("InfluxDB (InfluxQL) max cpu, ...")
     */
    record Plan(Map<String, String> header, String query, String label, long count) {
    }

    /** The plan of the flags, validated as the tool validates them; {@code using random seed N} added to {@code log}. */
    static Plan plan(String command, ToolFlags.Parsed p, List<String> log) {
        String useCase = p.get("use-case", "devops");
        if (!useCase.equals("devops") && !useCase.isEmpty()) {
            throw new UsageException(command + " flag -use-case " + useCase + " is not supported here: only devops,"
                    + " whose queries this harness's devops catalogue has");
        }
        String format = p.get("format", "influx-http");
        if (!format.equals("influx-http")) {
            throw new UsageException(command + " flag -format " + format + " is not supported here: only influx-http"
                    + " (InfluxQL)" + (format.equals("influx-flux-http") ? "; the devops queries' Flux texts are not"
                    + " written yet (adapters/influx/README.md)" : "; this harness's other targets run the same queries"
                    + " with runner --workload iot-query --generator devops --target ..."));
        }
        String type = p.get("query-type", "");
        String query = query(command, type);
        String intervalType = p.get("query-interval-type", "window");
        if (!intervalType.equals("window")) {
            throw new UsageException(command + " flag -query-interval-type " + intervalType + " is not supported here:"
                    + " only window (a random window in the time range)");
        }
        long scale = GoText.integer(command, "scale-var", p.get("scale-var", "1"), 1, 1_000_000L);
        if (query.equals("single-groupby-1-8-1") && scale < 8) {
            throw new UsageException(command + ": \"scale-var\" must be greater than the hosts grouping number (8 for "
                    + type + ")");
        }
        long count = GoText.integer(command, "queries", p.get("queries", "1000"), 1, Long.MAX_VALUE);
        Instant start = GoText.rfc3339(command, "timestamp-start", p.get("timestamp-start", ComparisonsData.START));
        Instant end = GoText.rfc3339(command, "timestamp-end", p.get("timestamp-end", ComparisonsData.END));
        if (end.isBefore(start)) {
            throw new UsageException(command + ": \"timestamp-end\" must be grater than \"timestamp-start\"");
        }
        Integer hours = HOURS.get(query);
        if (hours != null && Duration.between(start, end).toHours() < hours) {
            throw new UsageException(command + ": Time interval must be greater than the grouping interval (" + type
                    + " asks " + hours + "h; the range is " + GoText.duration(Duration.between(start, end)) + ")");
        }
        long seed = GoText.integer(command, "seed", p.get("seed", "0"), Long.MIN_VALUE, Long.MAX_VALUE);
        if (seed == 0) { // the tool's own default: the current time's nanoseconds
            seed = Math.max(1, Instant.now().getNano());
        }
        log.add("using random seed " + seed);
        Map<String, String> h = new LinkedHashMap<>();
        h.put("query-type", type);
        h.put("query", query);
        h.put("scale", Long.toString(scale));
        h.put("seed", Long.toString(seed));
        h.put("ts-start", start.toString());
        h.put("ts-end", end.toString());
        h.put("db", p.get("db", "benchmark_db"));
        return new Plan(h, query, label(query), count);
    }

    /** The catalogue's query of a {@code -query-type}: the tool's four devops names, or a TSBS devops name. */
    private static String query(String command, String type) {
        if (type.isEmpty()) {
            throw new UsageException(command + ": invalid query type specifier: give -query-type, one of " + TYPE_LIST);
        }
        String alias = TYPES.get(type);
        if (alias != null) {
            return alias;
        }
        return QueryInstances.catalogueName("devops", type).orElseThrow(() -> new UsageException(command
                + " flag -query-type " + type + " is not supported here: the devops types are " + TYPE_LIST
                + " (also TSBS's devops names: " + QueryInstances.catalogueList("devops") + ")"));
    }

    /** The plan a stream's header records (the benchmarker reads it back). */
    static Plan plan(Map<String, String> header, long count) {
        String query = header.get("query");
        return new Plan(header, query, label(query), count);
    }

    /**
     * The tool's label of a query type, the key of its statistics ({@code HumanLabel}); a TSBS name that the tool
     * lacks is labelled with that name.
     */
    static String label(String query) {
        return switch (query) {
            case "single-groupby-1-1-1" -> "InfluxDB (InfluxQL) max cpu, rand    1 hosts, rand 1h0m0s by 1m";
            case "single-groupby-1-1-12" -> "InfluxDB (InfluxQL) max cpu, rand    1 hosts, rand 12h0m0s by 1m";
            case "single-groupby-1-8-1" -> "InfluxDB (InfluxQL) max cpu, rand    8 hosts, rand 1h0m0s by 1m";
            // the tool's groupby spans a day; the catalogue's (TSBS's double-groupby-1) 12 hours, and the label says so
            case "double-groupby-1" -> "InfluxDB (InfluxQL) mean cpu, all hosts, rand 12h0m0s by 1h";
            default -> "InfluxDB (InfluxQL) " + query;
        };
    }

    /** iot-query's options for the plan: the devops data it asks about, its query, the target's database. */
    static Map<String, String> runOptions(Plan plan) {
        Map<String, String> h = plan.header();
        Map<String, String> o = new LinkedHashMap<>();
        o.put("generator", "devops");
        o.put("use-case", "devops");
        o.put("scale", h.get("scale"));
        o.put("seed", h.get("seed"));
        o.put("ts-start", h.get("ts-start"));
        o.put("ts-end", h.get("ts-end"));
        o.put("queries", plan.query());
        o.put("query-count", Long.toString(plan.count()));
        o.put("influx-api", "v1");
        o.put("influx-database", h.get("db"));
        return o;
    }

    /** The instances a run of the plan runs, exactly: what the stream lists and the benchmarker checks. */
    static QueryInstances instances(ToolRun run, Plan plan) {
        TargetProvider tp = run.registry.target("influx");
        WorkloadProvider wp = run.registry.workload("iot-query");
        Settings settings = Settings.resolve(Harness.allOptions(tp, wp), runOptions(plan), Map.of());
        QueryLanguage language = tp.queryLanguage(settings).orElseThrow();
        return QueryInstances.plan(language, tp.id(), settings);
    }

    /** The header's keys a stream must have. */
    static final List<String> HEADER_KEYS = List.of("query-type", "query", "scale", "seed", "ts-start", "ts-end", "db");
}
