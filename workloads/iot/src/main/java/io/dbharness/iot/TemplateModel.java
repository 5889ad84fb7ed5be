package io.dbharness.iot;

import io.dbharness.core.api.Generator;
import io.dbharness.core.api.MetricType;
import io.dbharness.core.api.RowBatch;
import io.dbharness.core.api.SeriesSchema;
import io.dbharness.core.api.SeriesTags;

import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * influx-stress's point template ({@code --generator template}), default {@code ctr,some=tag n=0i} over
 * 100,000 series, as influx-stress builds it: every tag value gets {@code -N}; series {@code i} (0-based) takes
 * {@code i % bucket_k} for tag {@code k}, where the buckets are the prime powers of {@code --series} spread
 * round-robin over the tags (so every series key is distinct); a field's value is how often its series was
 * written before (0, 1, 2, ...), whatever the template says.
 *
 * <p>influx-stress stamps points with its writers' wall clock; here pass {@code p} over the series is at
 * {@code --ts-start + p} seconds, so the data is the same on every run and every target.
 */
final class TemplateModel implements Generator {

    private final TemplateOptions o;
    private final SeriesSchema schema;
    private final long[] buckets;

    TemplateModel(TemplateOptions options) {
        this.o = options;
        this.buckets = buckets(options.series(), options.tagKeys().size());
        List<String> tags = options.tagKeys();
        this.schema = new SeriesSchema(options.tableName(), "time",
                SeriesTags.strings(tags, tags, options.series(), this::tags), options.fieldTypes(), options.fields(),
                options.fields().size());
    }

    /** influx-stress's {@code tagCardinalityPartition}: the prime powers of {@code series}, round-robin. */
    static long[] buckets(long series, int tags) {
        long[] b = new long[tags];
        java.util.Arrays.fill(b, 1);
        int k = 0;
        for (Map.Entry<Long, Long> e : primeFactors(series).entrySet()) {
            long power = 1;
            for (int i = 0; i < e.getValue(); i++) {
                power *= e.getKey();
            }
            b[k++ % tags] *= power;
        }
        return b;
    }

    private static TreeMap<Long, Long> primeFactors(long n) {
        TreeMap<Long, Long> f = new TreeMap<>();
        for (long p = 2; p * p <= n; p++) {
            while (n % p == 0) {
                f.merge(p, 1L, Long::sum);
                n /= p;
            }
        }
        if (n > 1) {
            f.merge(n, 1L, Long::sum);
        }
        return f;
    }

    private String[] tags(long series) {
        List<String> values = o.tagValues();
        String[] v = new String[values.size()];
        for (int k = 0; k < v.length; k++) {
            v[k] = values.get(k) + "-" + ((series - 1) % buckets[k]);
        }
        return v;
    }

    @Override
    public String name() {
        return TemplateProvider.NAME;
    }

    @Override
    public SeriesSchema schema() {
        return schema;
    }

    @Override
    public long seriesCount() {
        return o.series();
    }

    @Override
    public long plannedRows() {
        return o.points();
    }

    @Override
    public long startMicros() {
        return o.startMicros();
    }

    @Override
    public long endMicros() {
        return o.startMicros() + o.passes() * 1_000_000L;
    }

    @Override
    public RowSource open(int slot, int slots) {
        long mine = o.series() > slot ? (o.series() - 1 - slot) / slots + 1 : 0;
        return new RowSource() {
            private long pass;
            private long next;

            @Override
            public boolean fill(RowBatch batch) {
                batch.clear();
                int fields = schema.metricCount();
                while (!batch.isFull() && pass < o.passes() && mine > 0) {
                    int row = batch.addRow(o.startMicros() + pass * 1_000_000L, slot + 1 + next * slots);
                    for (int f = 0; f < fields; f++) {
                        if (schema.fieldType(f).integral()) {
                            batch.setLong(row, f, pass);
                        } else {
                            batch.setDouble(row, f, pass);
                        }
                    }
                    if (++next == mine) {
                        next = 0;
                        pass++;
                    }
                }
                return batch.size() > 0;
            }

            @Override
            public long plannedRows() {
                return mine * o.passes();
            }
        };
    }

    @Override
    public Map<String, String> describe() {
        Map<String, String> m = new LinkedHashMap<>();
        m.put("template", o.template());
        m.put("series", Long.toString(o.series()));
        m.put("passes", Long.toString(o.passes()));
        List<String> b = new ArrayList<>();
        for (int k = 0; k < buckets.length; k++) {
            b.add(o.tagKeys().get(k) + "=" + buckets[k]);
        }
        m.put("tagCardinality", String.join(",", b));
        m.put("tsStart", Instant.EPOCH.plusNanos(o.startMicros() * 1000).toString());
        return m;
    }
}
