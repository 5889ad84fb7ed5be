package io.dbharness.core.result;

import java.util.Collections;
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
 */
public record ServerSample(int waitSamples, Map<String, Long> waits, Map<String, Double> counters,
                           Map<String, Double> gauges) {

    public ServerSample {
        if (waitSamples < 0) {
            throw new IllegalArgumentException("negative wait samples: " + waitSamples);
        }
        waits = sorted(waits);
        counters = sorted(counters);
        gauges = sorted(gauges);
    }

    /** This interval and the next together (a short tail folded into the interval before it). */
    public ServerSample plus(ServerSample later) {
        Map<String, Long> w = new TreeMap<>(waits);
        later.waits.forEach((k, v) -> w.merge(k, v, Long::sum));
        Map<String, Double> c = new TreeMap<>(counters);
        later.counters.forEach((k, v) -> c.merge(k, v, Double::sum));
        return new ServerSample(waitSamples + later.waitSamples, w, c, later.gauges);
    }

    static <V> Map<String, V> sorted(Map<String, V> m) {
        return m == null ? Map.of() : Collections.unmodifiableMap(new TreeMap<>(m));
    }
}
