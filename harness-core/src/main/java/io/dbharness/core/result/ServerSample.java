package io.dbharness.core.result;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * The target server's account of one watch interval ({@link io.dbharness.core.api.ServerTelemetry}).
 *
 * @param waitSamples how many looks at the harness's sessions the interval had (several a second)
 * @param waits       per wait ({@code CPU}, {@code IO:WALSync}...), the sessions seen on it over those looks:
 *                    divided by {@code waitSamples} it is the mean number of sessions on it
 * @param counters    what the server's counters grew by over the interval, names carrying units
 * @param gauges      levels at the end of the interval (cache bytes, heap bytes), names carrying units
 * @param gaps        when the telemetry was lost during the interval and when it came back: its looks miss that
 *                    time, and the counters' growth over a gap is in the interval it came back in
 * @param partial     counters whose growth in the interval is short of what happened, by name, with why (a
 *                    server restart reset them while the telemetry was lost: what they counted before is gone)
 */
public record ServerSample(int waitSamples, Map<String, Long> waits, Map<String, Double> counters,
                           Map<String, Double> gauges, List<TelemetryGap> gaps, Map<String, String> partial) {

    /** An interval the telemetry covered whole. */
    public ServerSample(int waitSamples, Map<String, Long> waits, Map<String, Double> counters, Map<String, Double> gauges) {
        this(waitSamples, waits, counters, gauges, List.of(), Map.of());
    }

    public ServerSample {
        if (waitSamples < 0) {
            throw new IllegalArgumentException("negative wait samples: " + waitSamples);
        }
        waits = sorted(waits);
        counters = sorted(counters);
        gauges = sorted(gauges);
        gaps = gaps == null ? List.of() : List.copyOf(gaps); // null: a result written before gaps were recorded
        partial = sorted(partial);
    }

    /** This interval and the next together (a short tail folded into the interval before it). */
    public ServerSample plus(ServerSample later) {
        Map<String, Long> w = new TreeMap<>(waits);
        later.waits.forEach((k, v) -> w.merge(k, v, Long::sum));
        Map<String, Double> c = new TreeMap<>(counters);
        later.counters.forEach((k, v) -> c.merge(k, v, Double::sum));
        List<TelemetryGap> g = new ArrayList<>(gaps);
        g.addAll(later.gaps);
        Map<String, String> p = new TreeMap<>(partial);
        p.putAll(later.partial);
        return new ServerSample(waitSamples + later.waitSamples, w, c, later.gauges, g, p);
    }

    static <V> Map<String, V> sorted(Map<String, V> m) {
        return m == null ? Map.of() : Collections.unmodifiableMap(new TreeMap<>(m));
    }
}
