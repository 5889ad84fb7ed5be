package io.dbharness.core.result;

import io.dbharness.core.api.MetricCatalogue;
import io.dbharness.core.api.MetricDescriptor;
import io.dbharness.core.api.TopStatement;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The target server's account of the whole measured run ({@link io.dbharness.core.api.ServerTelemetry}): the
 * intervals' {@link ServerSample}s summed, with what is read once at the start and the end.
 *
 * @param waitSource       what the wait profile describes, e.g. {@code PostgreSQL wait events of our backends}; null
 *                         when the server has none
 * @param waitSamples      looks at the harness's sessions over the run
 * @param waits            per wait, the sessions seen on it over those looks
 * @param counters         what the server's counters grew by over the run, names carrying units
 * @param gauges           levels at the end of the run, names carrying units
 * @param storedBytesStart bytes the server stored for the harness's tables and indexes when the run began, -1 unknown
 * @param storedBytesEnd   the same when it ended, -1 unknown
 * @param bytesPerRow      stored bytes per row the run wrote (growth over rows), -1 when it wrote none or the size
 *                         is unknown
 * @param bytesPerPoint    the same per point (value) written, -1 likewise
 * @param pointsWritten    rows or points the server itself counted taking in over the run (InfluxDB's
 *                         pointReq), -1 when it keeps no such count
 * @param statements       the statements that took most server time over the run, most first; empty when the
 *                         server does not track them ({@code unavailable} says why)
 * @param unavailable      what could not be had and why, by name of the figure
 * @param costCpuSeconds   CPU time the harness's telemetry thread spent over the run (the sampling's own cost)
 * @param costQuerySeconds time the telemetry's queries took, end to end (the server's side of the cost)
 * @param gaps             the times the telemetry was lost and when it came back (-1: not before the run ended)
 * @param partial          figures short of the whole run, by name, with why: counters a server restart reset
 *                         while the telemetry was lost, the waits (no looks during a gap), statements reset
 * @param metrics          what each counter, gauge and wait of the account is, as its reporter declared it, in its
 *                         declaration's order; a result written before descriptors were carried gets them from
 *                         {@link #LEGACY_METRICS}, the table of what the telemetry reported then
 */
public record ServerUsage(String waitSource, int waitSamples, Map<String, Long> waits, Map<String, Double> counters,
                          Map<String, Double> gauges, long storedBytesStart, long storedBytesEnd, double bytesPerRow,
                          double bytesPerPoint, double pointsWritten, List<TopStatement> statements,
                          Map<String, String> unavailable, double costCpuSeconds, double costQuerySeconds,
                          List<TelemetryGap> gaps, Map<String, String> partial, List<MetricDescriptor> metrics) {

    /**
     * The compatibility table for results without descriptors (a resource: it names what each product's telemetry
     * reported when those files were written, and is never extended).
     */
    public static final String LEGACY_METRICS = "legacy-server-metrics.txt";

    /** An account whose figures are described by the {@linkplain #LEGACY_METRICS compatibility table}. */
    public ServerUsage(String waitSource, int waitSamples, Map<String, Long> waits, Map<String, Double> counters,
                       Map<String, Double> gauges, long storedBytesStart, long storedBytesEnd, double bytesPerRow,
                       double bytesPerPoint, double pointsWritten, List<TopStatement> statements,
                       Map<String, String> unavailable, double costCpuSeconds, double costQuerySeconds,
                       List<TelemetryGap> gaps, Map<String, String> partial) {
        this(waitSource, waitSamples, waits, counters, gauges, storedBytesStart, storedBytesEnd, bytesPerRow, bytesPerPoint,
                pointsWritten, statements, unavailable, costCpuSeconds, costQuerySeconds, gaps, partial, null);
    }

    /** An account the telemetry covered whole. */
    public ServerUsage(String waitSource, int waitSamples, Map<String, Long> waits, Map<String, Double> counters,
                       Map<String, Double> gauges, long storedBytesStart, long storedBytesEnd, double bytesPerRow,
                       double bytesPerPoint, double pointsWritten, List<TopStatement> statements,
                       Map<String, String> unavailable, double costCpuSeconds, double costQuerySeconds) {
        this(waitSource, waitSamples, waits, counters, gauges, storedBytesStart, storedBytesEnd, bytesPerRow,
                bytesPerPoint, pointsWritten, statements, unavailable, costCpuSeconds, costQuerySeconds, List.of(), Map.of());
    }

    public ServerUsage {
        waits = ServerSample.sorted(waits);
        counters = ServerSample.sorted(counters);
        gauges = ServerSample.sorted(gauges);
        statements = statements == null ? List.of() : List.copyOf(statements);
        unavailable = ServerSample.sorted(unavailable);
        gaps = gaps == null ? List.of() : List.copyOf(gaps); // null: a result written before gaps were recorded
        partial = ServerSample.sorted(partial);
        metrics = metrics != null ? List.copyOf(metrics)
                : Legacy.CATALOGUE.describeAll(counters.keySet(), gauges.keySet(), waits.keySet());
    }

    /** The same account with its figures described by {@code catalogue} (the reporter's declarations). */
    public ServerUsage describedBy(MetricCatalogue catalogue) {
        return new ServerUsage(waitSource, waitSamples, waits, counters, gauges, storedBytesStart, storedBytesEnd,
                bytesPerRow, bytesPerPoint, pointsWritten, statements, unavailable, costCpuSeconds, costQuerySeconds,
                gaps, partial, catalogue.describeAll(counters.keySet(), gauges.keySet(), waits.keySet()));
    }

    /** What the figure {@code name} of that kind is: its descriptor, or an undeclared one. */
    public MetricDescriptor metric(String name, MetricDescriptor.Kind kind) {
        return metrics.stream().filter(d -> d.kind() == kind && d.name().equals(name)).findFirst()
                .orElseGet(() -> MetricDescriptor.undeclared(name, kind));
    }

    /** Read once, when a result without descriptors is first met. */
    private static final class Legacy {
        static final MetricCatalogue CATALOGUE = MetricCatalogue.resource(ServerUsage.class, LEGACY_METRICS);
    }

    /** The same account without bytes per row and per point, {@code why} said under {@code unavailable} as {@code bytes_per_row}. */
    public ServerUsage withoutStorageRatios(String why) {
        Map<String, String> u = new java.util.TreeMap<>(unavailable);
        u.put("bytes_per_row", why);
        return new ServerUsage(waitSource, waitSamples, waits, counters, gauges, storedBytesStart, storedBytesEnd, -1, -1,
                pointsWritten, statements, u, costCpuSeconds, costQuerySeconds, gaps, partial, metrics);
    }

    /** Each wait's share of all sessions seen (0-100), largest first; empty without samples. */
    public Map<String, Double> waitShares() {
        long all = waits.values().stream().mapToLong(Long::longValue).sum();
        Map<String, Double> out = new LinkedHashMap<>();
        if (all == 0) {
            return out;
        }
        List<Map.Entry<String, Long>> order = new ArrayList<>(waits.entrySet());
        order.sort(Map.Entry.<String, Long>comparingByValue(Comparator.reverseOrder()).thenComparing(Map.Entry.comparingByKey()));
        order.forEach(e -> out.put(e.getKey(), 100.0 * e.getValue() / all));
        return out;
    }

    /** The share (0-100) of the waits whose name starts with {@code prefix} ({@code Lock}, {@code IO:WAL}), 0 without samples. */
    public double waitShare(String prefix) {
        return waitShares().entrySet().stream().filter(e -> e.getKey().startsWith(prefix))
                .mapToDouble(Map.Entry::getValue).sum();
    }

    /** Mean sessions of the harness active on the server (summed over waits, per look), -1 without looks. */
    public double activeSessions() {
        return waitSamples == 0 ? -1 : waits.values().stream().mapToLong(Long::longValue).sum() / (double) waitSamples;
    }
}
