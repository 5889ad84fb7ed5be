package io.dbharness.tools;

import io.dbharness.core.api.UsageException;

import java.time.Duration;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * influxdb-comparisons' {@code bulk_data_gen} flags, which also make {@code bulk_load_influx} generate the data
 * itself (the one-command form): the devops use case as this harness's {@code --generator devops --use-case devops}
 * (TSBS's nine measurements, which TSBS took from influxdb-comparisons), with the tool's defaults.
 */
final class ComparisonsData {

    static final String START = "2018-01-01T00:00:00Z";
    static final String END = "2018-01-02T00:00:00Z";
    /** bulk_data_gen's NHostSims: measurements per host, what -cardinality divides by. */
    static final int MEASUREMENTS = 9;
    static final List<String> USE_CASES = List.of("devops", "iot", "dashboard", "metaquery", "window-agg", "group-agg",
            "bare-agg", "ungrouped-agg", "multi-measurement");

    /** The flags that say "generate": given to bulk_load_influx, it generates instead of reading its input. */
    static final List<String> GENERATING = List.of("use-case", "scale-var", "cardinality", "sampling-interval",
            "timestamp-start", "timestamp-end", "seed");

    private ComparisonsData() {
    }

    /** Declares bulk_data_gen's flags on {@code f}; {@code ownCommand}: also the ones of its output and process. */
    static void declare(ToolFlags f, boolean ownCommand) {
        if (ownCommand) {
            f.mapped("format", null, "Format to emit: influx-bulk (InfluxDB line protocol; the tool's other formats are refused)");
        }
        f.mapped("use-case", null, "Use case to model: devops (the tool's others are refused)");
        f.mapped("scale-var", null, "Scaling variable: hosts to simulate (default 1)");
        f.mapped("cardinality", null, "Target measures/tags unique counts, overrides -scale-var (hosts = cardinality / 9)");
        f.refused("scale-var-offset", null, false, "Scaling variable offset (the first host's number)",
                "hosts are host_0 .. host_(N-1) here");
        f.mapped("sampling-interval", null, "Simulated sampling interval (default 10s)");
        f.refused("config-file", null, false, "Simulator config file in TOML format (experimental)",
                "the devops model's fields are TSBS's, not configurable");
        f.mapped("timestamp-start", null, "Beginning timestamp, RFC 3339 (default " + START + ")");
        f.mapped("timestamp-end", null, "Ending timestamp, RFC 3339 (default " + END + ")");
        f.mapped("seed", null, "PRNG seed (default, or 0, uses the current timestamp)");
        f.noEffect("debug", false, "Debug printing (choices: 0, 1, 2)", "-- --verbose shows the driver's logs");
        f.refused("interleaved-generation-group-id", null, false, "Group (0-indexed) to perform round-robin"
                + " serialization within", "one process writes every point here; give -- --workers N for more threads");
        f.refused("interleaved-generation-groups", null, false, "The number of round-robin serialization groups",
                "one process writes every point here; give -- --workers N for more threads");
        if (ownCommand) {
            f.noEffect("cpu-profile", false, "Write CPU profile to file", "profile the JVM with your own profiler");
        }
    }

    /** Whether any flag that says "generate" was given. */
    static boolean generating(ToolFlags.Parsed p) {
        return GENERATING.stream().anyMatch(p::has);
    }

    /**
     * The devops model's options for the flags, validated as the tool validates them; the lines the tool logs
     * while it starts ({@code using random seed N}, the sampling interval, the cardinality) are added to {@code log},
     * to be printed once every flag has passed (a refusal is one line).
     */
    static Map<String, String> options(String command, ToolFlags.Parsed p, List<String> log) {
        String useCase = p.get("use-case", "devops");
        if (!USE_CASES.contains(useCase)) {
            throw new UsageException(command + ": invalid use case specifier '" + useCase + "' (choices: "
                    + String.join(", ", USE_CASES) + ")");
        }
        if (!useCase.equals("devops")) {
            throw new UsageException(command + " flag -use-case " + useCase + " is not supported here: only devops,"
                    + " whose nine measurements this harness generates (--generator devops --use-case devops)");
        }
        long seed = GoText.integer(command, "seed", p.get("seed", "0"), Long.MIN_VALUE, Long.MAX_VALUE);
        if (seed == 0) { // the tool's own default: the current time's nanoseconds
            seed = Math.max(1, Instant.now().getNano());
        }
        Instant start = GoText.rfc3339(command, "timestamp-start", p.get("timestamp-start", START));
        Instant end = GoText.rfc3339(command, "timestamp-end", p.get("timestamp-end", END));
        if (!end.isAfter(start)) {
            throw new UsageException(command + ": -timestamp-end (" + end + ") must be after -timestamp-start (" + start + ")");
        }
        Duration interval = GoText.duration(command, "sampling-interval", p.get("sampling-interval", "10s"));
        if (interval.isNegative() || interval.isZero()) {
            throw new UsageException(command + ": Invalid sampling interval " + p.get("sampling-interval", ""));
        }

        long scale;
        if (p.has("cardinality")) {
            long cardinality = GoText.integer(command, "cardinality", p.get("cardinality", ""), MEASUREMENTS, 9_000_000L);
            scale = cardinality / MEASUREMENTS;
        } else {
            scale = GoText.integer(command, "scale-var", p.get("scale-var", "1"), 1, 1_000_000L);
        }
        log.add("using random seed " + seed);
        log.add(GoText.logPrefix() + "Using sampling interval " + GoText.duration(interval));
        log.add(GoText.logPrefix() + "Using cardinality of " + scale * MEASUREMENTS);
        Map<String, String> o = new LinkedHashMap<>();
        o.put("generator", "devops");
        o.put("use-case", "devops");
        o.put("scale", Long.toString(scale));
        o.put("seed", Long.toString(seed));
        o.put("ts-start", start.toString());
        o.put("ts-end", end.toString());
        o.put("log-interval", interval.toString()); // ISO-8601, which --log-interval reads exactly
        return o;
    }
}
