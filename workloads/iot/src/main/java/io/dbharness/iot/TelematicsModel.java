package io.dbharness.iot;

import io.dbharness.core.api.Generator;
import io.dbharness.core.api.SeriesSchema;

import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.Map;

/** mxbench's telematics model ({@code --generator telematics}): {@code ts, tag_id, c0..cN}, see {@link TelematicsGenerator}. */
final class TelematicsModel implements Generator {

    private final IotOptions o;
    private final SeriesSchema schema;

    TelematicsModel(IotOptions options) {
        this.o = options;
        this.schema = options.schema();
    }

    IotOptions options() {
        return o;
    }

    @Override
    public String name() {
        return TelematicsProvider.NAME;
    }

    @Override
    public SeriesSchema schema() {
        return schema;
    }

    @Override
    public long seriesCount() {
        return o.tagNum();
    }

    @Override
    public long plannedRows() {
        return o.totalRows();
    }

    @Override
    public int rowsPerKey() {
        return o.rowsPerReport();
    }

    @Override
    public long startMicros() {
        return o.tsStartMicros();
    }

    @Override
    public long endMicros() {
        return o.tsStartMicros() + o.steps() * o.stepMicros();
    }

    @Override
    public RowSource open(int slot, int slots) {
        return new TelematicsGenerator(o, slot, slots);
    }

    @Override
    public Map<String, String> describe() {
        Map<String, String> m = new LinkedHashMap<>();
        m.put("tags", Integer.toString(o.tagNum()));
        m.put("metrics", Integer.toString(o.metricCount()));
        m.put("metricType", o.metricType().sqlName());
        m.put("metricColumns", Integer.toString(schema.columnMetrics()));
        m.put("jsonExtension", Boolean.toString(schema.hasExtension()));
        m.put("tsStart", Instant.EPOCH.plusNanos(o.tsStartMicros() * 1000).toString());
        m.put("stepSeconds", Long.toString(o.stepMicros() / 1_000_000));
        m.put("steps", Long.toString(o.steps()));
        m.put("rowsPerReport", Integer.toString(o.rowsPerReport()));
        m.put("disorderPercent", Integer.toString(o.disorderPercent()));
        m.put("emptyValuePercent", Integer.toString(o.emptyValuePercent()));
        m.put("randomness", o.randomness().name());
        return m;
    }
}
