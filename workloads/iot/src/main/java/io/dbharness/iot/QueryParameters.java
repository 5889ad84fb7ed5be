package io.dbharness.iot;

import io.dbharness.core.api.Generator;
import io.dbharness.core.api.MetricType;
import io.dbharness.core.api.QueryParams;
import io.dbharness.core.api.SeriesSchema;

import java.time.Duration;
import java.time.Instant;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;

/**
 * Parameters of query instances, a pure function of {@code (seed, query name, instance)} like the data itself,
 * and always inside the data the same iot-insert flags load: series 1..{@code seriesCount} of the model (named
 * by their key, {@code tag_id} 7 or {@code hostname} host_6), windows within the loaded time range (aligned to
 * whole minutes, so per-minute buckets are the same on every target), the threshold at 90 % of the metrics'
 * value range (about one device in ten passes it).
 */
final class QueryParameters {

    private static final long MINUTE_MICROS = 60_000_000L;

    private final long seed;
    private final long series;
    private final long dataStart;
    private final long dataEnd;
    private final SeriesSchema schema;

    QueryParameters(IotOptions data) {
        this(data.seed(), new TelematicsModel(data));
    }

    QueryParameters(long seed, Generator data) {
        this.seed = seed;
        this.series = data.seriesCount();
        this.dataStart = data.startMicros();
        this.dataEnd = data.endMicros();
        this.schema = data.schema();
    }

    /** The metric column a query aggregates: fixed per query for a run, so it can be planned once. */
    int metric(String query, int columnMetrics) {
        return (int) TelematicsGenerator.below(TelematicsGenerator.mix(seed ^ 0x51ed270b2f5a4c3dL, nameHash(query), -3, 0),
                columnMetrics);
    }

    /**
     * @param tagCount devices {@code {tags}} names
     * @param window   the window length; null for a query over the whole table (its window is then the data's range)
     */
    QueryParams of(String query, long instance, int tagCount, Duration window) {
        return of(query, instance, tagCount, window, List.of());
    }

    /** @param choices the values {@code {choice}} is drawn from (none: no choice) */
    QueryParams of(String query, long instance, int tagCount, Duration window, List<String> choices) {
        long h = nameHash(query);
        long tag = 1 + draw(h, instance, 0, series);
        long[] tags = tags(h, instance, tagCount);
        long start;
        long end;
        if (window == null) {
            start = dataStart;
            end = dataEnd;
        } else {
            long w = window.toNanos() / 1000;
            long first = Math.floorDiv(dataStart, MINUTE_MICROS) * MINUTE_MICROS;
            long slots = Math.max(1, (dataEnd - first - w) / MINUTE_MICROS + 1);
            start = first + draw(h, instance, 2, slots) * MINUTE_MICROS;
            end = start + w;
        }
        String[] keys = new String[tags.length + 1];
        keys[0] = schema.tags().key(tag);
        for (int i = 0; i < tags.length; i++) {
            keys[i + 1] = schema.tags().key(tags[i]);
        }
        String choice = choices.isEmpty() ? null : choices.get((int) draw(h, instance, 3, choices.size()));
        return new QueryParams(tag, tags, start, end, threshold(schema.fieldType(0)), keys, choice);
    }

    /** 90 % of the range the generator draws values from. */
    static double threshold(MetricType type) {
        return switch (type) {
            case INT4 -> 90_000;
            case INT8 -> 900_000_000_000L;
            default -> 900.0;
        };
    }

    /** {@code n} distinct devices in ascending order (all of them when there are not more: each once). */
    private long[] tags(long h, long instance, int n) {
        long tagNum = series;
        if (n >= tagNum) {
            long[] all = new long[(int) Math.max(1, tagNum)];
            for (int i = 0; i < all.length; i++) {
                all[i] = i + 1;
            }
            return all;
        }
        long[] out = new long[n];
        int have = 0;
        for (long j = 0; have < n; j++) {
            long t = 1 + draw(h, instance, 10 + j, tagNum);
            boolean seen = false;
            for (int i = 0; i < have; i++) {
                seen |= out[i] == t;
            }
            if (!seen) {
                out[have++] = t;
            }
        }
        Arrays.sort(out);
        return out;
    }

    private long draw(long nameHash, long instance, long what, long bound) {
        return TelematicsGenerator.below(TelematicsGenerator.mix(seed ^ 0x2f6d7a3c9e1b4d55L, nameHash, instance, what), bound);
    }

    /** FNV-1a of the name: stable across JVMs and releases. */
    static long nameHash(String name) {
        long h = 0xcbf29ce484222325L;
        for (int i = 0; i < name.length(); i++) {
            h ^= name.charAt(i);
            h *= 0x100000001b3L;
        }
        return h;
    }

    /** The parameters in words, for results and differences. */
    static String describe(QueryParams p, boolean tag, boolean tags, boolean window, boolean threshold, boolean choice) {
        StringBuilder sb = new StringBuilder();
        if (choice) {
            sb.append("choice=").append(p.choice()).append(' ');
        }
        if (tag) {
            sb.append("tag=").append(p.key()).append(' ');
        }
        if (tags) {
            sb.append("tags=[").append(String.join(",", Arrays.copyOfRange(p.keys(), 1, p.tagCount() + 1))).append("] ");
        }
        if (window) {
            sb.append("start=").append(Instant.EPOCH.plusNanos(p.startMicros() * 1000)).append(' ')
                    .append("end=").append(Instant.EPOCH.plusNanos(p.endMicros() * 1000)).append(' ');
        }
        if (threshold) {
            sb.append("threshold=").append(String.format(Locale.ROOT, "%s", p.threshold())).append(' ');
        }
        return sb.toString().strip();
    }
}
