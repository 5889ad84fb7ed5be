package io.dbharness.live;

import io.dbharness.core.api.Counts;
import io.dbharness.core.api.MetricDescriptor;
import io.dbharness.core.result.HostSample;

import java.lang.reflect.RecordComponent;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.stream.Stream;

/**
 * Every family a run publishes, declared once. The counters are {@link Counts}' components and the host figures
 * {@link HostSample}'s, read from the records' declarations (a counter added there is published with no change
 * here); a server's telemetry is named by its {@link MetricDescriptor}s.
 */
public final class LiveFamilies {

    private LiveFamilies() {
    }

    /** The labels every series carries: which run (and which step of a series) it belongs to. Never a secret. */
    public static final List<String> RUN_LABELS = List.of("run_id", "run_group", "shard", "target", "workload",
            "data_model", "step");

    static final List<String> BY_GROUP = with("group");
    static final List<String> BY_TYPE = with("group", "operation_type");

    /** One counter per component of {@link Counts}, by group and operation type: {@code dbharness_rows}. */
    public static final List<LiveFamily> COUNTS = Stream.of(Counts.class.getRecordComponents())
            .map(c -> new LiveFamily("dbharness_" + snake(c.getName()), LiveFamily.Type.COUNTER,
                    c.getName().equals("bytes") ? "bytes" : "", "The run's " + words(c.getName())
                    + " so far (core.api.Counts." + c.getName() + ", the result file's field of that name)", BY_TYPE))
            .toList();

    public static final LiveFamily LATENCY = new LiveFamily("dbharness_operation_duration_seconds",
            LiveFamily.Type.HISTOGRAM, "seconds", "Operations' latency (from the intended start under --rate), as the"
            + " result's percentiles count it, in log-spaced buckets of 2^(1/4) from 50 us to 60 s", BY_TYPE);
    public static final LiveFamily BEHIND = new LiveFamily("dbharness_behind_schedule_seconds", LiveFamily.Type.GAUGE,
            "seconds", "Open model (--rate): how far the group is behind its schedule now; 0 on time", BY_GROUP);
    public static final LiveFamily OFFERED = new LiveFamily("dbharness_offered_per_second", LiveFamily.Type.GAUGE, "",
            "Open model (--rate): what this process offers per second, rows (operations for workloads without rows);"
                    + " no series in the closed model", RUN_LABELS);
    public static final LiveFamily RECONNECTING = new LiveFamily("dbharness_reconnecting_workers", LiveFamily.Type.GAUGE,
            "", "Workers of the group re-opening a lost connection now", BY_GROUP);
    public static final LiveFamily ELAPSED = new LiveFamily("dbharness_elapsed_seconds", LiveFamily.Type.GAUGE,
            "seconds", "Seconds into the measured run (during the warm-up: seconds into it)", RUN_LABELS);
    public static final LiveFamily WARMING_UP = new LiveFamily("dbharness_warming_up", LiveFamily.Type.GAUGE, "",
            "1 during the warm-up (nothing of it is counted), else 0", RUN_LABELS);
    public static final LiveFamily HARNESS_CPU = new LiveFamily("dbharness_harness_cpu_seconds", LiveFamily.Type.COUNTER,
            "seconds", "CPU time the harness process used in the measured run so far (from /proc, as the result's"
            + " harnessCpuCores)", RUN_LABELS);
    public static final LiveFamily EVENTS = new LiveFamily("dbharness_events", LiveFamily.Type.COUNTER, "",
            "Events seen: stages of the run begun, faults, steps of a series", with("kind", "name"));
    public static final LiveFamily EVENT_TIME = new LiveFamily("dbharness_event_last_timestamp_seconds",
            LiveFamily.Type.GAUGE, "seconds", "When the event of that kind and name last happened (Unix seconds): a"
            + " dashboard's annotation", with("kind", "name"));
    public static final LiveFamily SERVER_WAITS = new LiveFamily("dbharness_server_wait_sessions", LiveFamily.Type.GAUGE,
            "sessions", "The run's sessions the server saw waiting on it, per look, over the last interval", with("wait"));

    /** The client host's figures, one gauge per component of {@link HostSample}: {@code dbharness_host_cpu_user_percent}. */
    public static final List<LiveFamily> HOST = hostFamilies("dbharness_host_", "The client host's ", RUN_LABELS);

    /** Each server host's ({@code --server-hosts}), labelled {@code server_host}. */
    public static final List<LiveFamily> SERVER_HOST = hostFamilies("dbharness_server_host_", "The server host's ",
            with("server_host"));

    /** The families of static declaration, in the order a scrape lists them (server telemetry's come after). */
    public static final List<LiveFamily> ALL = Stream.of(COUNTS, List.of(LATENCY, BEHIND, OFFERED, RECONNECTING, ELAPSED,
            WARMING_UP, HARNESS_CPU), HOST, SERVER_HOST, List.of(SERVER_WAITS, EVENTS, EVENT_TIME))
            .flatMap(List::stream).toList();

    /**
     * A server telemetry figure's family: {@code dbharness_server_} and its name (which carries its unit); a counter
     * is a counter, a gauge a gauge. Waits are {@link #SERVER_WAITS}, labelled by the wait.
     */
    public static LiveFamily server(MetricDescriptor d) {
        return new LiveFamily("dbharness_server_" + sanitize(d.name()), d.kind() == MetricDescriptor.Kind.COUNTER
                ? LiveFamily.Type.COUNTER : LiveFamily.Type.GAUGE, d.unit().name().toLowerCase(Locale.ROOT),
                "The server's " + d.label() + " (" + d.category().name().toLowerCase(Locale.ROOT) + ", " + d.unit()
                        .name().toLowerCase(Locale.ROOT) + ")", RUN_LABELS);
    }

    private static List<LiveFamily> hostFamilies(String prefix, String what, List<String> labels) {
        List<LiveFamily> out = new ArrayList<>();
        for (RecordComponent c : HostSample.class.getRecordComponents()) {
            String name = snake(c.getName());
            String unit = Stream.of("megabytes_per_second", "per_second", "percent", "bytes", "millis", "cores")
                    .filter(name::endsWith).findFirst().orElse("");
            out.add(new LiveFamily(prefix + name, LiveFamily.Type.GAUGE, unit,
                    what + words(c.getName()) + " over the last interval (the result's intervals[] field "
                            + c.getName() + ")", labels));
        }
        return List.copyOf(out);
    }

    static List<String> with(String... more) {
        List<String> out = new ArrayList<>(RUN_LABELS);
        out.addAll(List.of(more));
        return List.copyOf(out);
    }

    /** {@code skippedRows} -> {@code skipped_rows}. */
    static String snake(String camel) {
        return camel.replaceAll("([a-z0-9])([A-Z])", "$1_$2").toLowerCase(Locale.ROOT);
    }

    private static String words(String camel) {
        return snake(camel).replace('_', ' ');
    }

    /** What a Prometheus name may hold: letters, digits, underscores. */
    static String sanitize(String name) {
        return name.toLowerCase(Locale.ROOT).replaceAll("[^a-z0-9_]", "_");
    }
}
