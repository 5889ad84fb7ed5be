package io.dbharness.core.api;

import java.util.Arrays;

/**
 * A reusable batch of telematics rows held in primitive arrays: no object per row, no boxing.
 *
 * <p>Metric values are stored row-major ({@code row * metricCount + metric}) because every wire format we
 * encode (COPY, CSV, line protocol, VALUES) walks a row's metrics in order; row-major keeps that walk
 * sequential in memory. Integral types use {@link #longs()}, floating types {@link #doubles()} (a model that
 * mixes them has both arrays, each field using its type's); a cleared {@link #present()} flag marks an empty
 * (NULL) value.
 *
 * <p>The arrays are exposed on purpose, for encoders on the hot path; only generators write them.
 */
public final class RowBatch {

    /** The type of every field; null when the fields' types differ ({@link #fieldType}). */
    private final MetricType type;
    private final MetricType[] types;
    private final int metricCount;
    private final int capacity;
    private final long[] tsMicros;
    private final long[] tagIds;
    private final long[] longs;
    private final double[] doubles;
    private final boolean[] present;
    private int size;
    private long points;

    public RowBatch(MetricType type, int metricCount, int capacity) {
        this(type, null, metricCount, capacity);
    }

    /** A batch for {@code schema}'s rows, whatever its field types. */
    public RowBatch(SeriesSchema schema, int capacity) {
        this(schema.uniform() ? schema.fieldType(0) : null,
                schema.uniform() ? null : schema.fieldTypes().toArray(new MetricType[0]), schema.metricCount(), capacity);
    }

    private RowBatch(MetricType type, MetricType[] types, int metricCount, int capacity) {
        if (metricCount < 1 || capacity < 1) {
            throw new IllegalArgumentException("metricCount and capacity must be >= 1");
        }
        long cells = (long) metricCount * capacity;
        if (cells > Integer.MAX_VALUE - 8) {
            throw new IllegalArgumentException("batch too large: " + capacity + " rows x " + metricCount + " metrics");
        }
        this.type = type;
        this.types = types;
        this.metricCount = metricCount;
        this.capacity = capacity;
        this.tsMicros = new long[capacity];
        this.tagIds = new long[capacity];
        this.longs = type == null || type.integral() ? new long[(int) cells] : null;
        this.doubles = type == null || !type.integral() ? new double[(int) cells] : null;
        this.present = new boolean[(int) cells];
    }

    /** Empties the batch for reuse; the arrays are kept. */
    public void clear() {
        size = 0;
        points = 0;
    }

    /** Appends a row with every metric empty and returns its index. */
    public int addRow(long tsMicros, long tagId) {
        if (size == capacity) {
            throw new IllegalStateException("batch is full (" + capacity + " rows)");
        }
        int row = size++;
        this.tsMicros[row] = tsMicros;
        this.tagIds[row] = tagId;
        int base = row * metricCount;
        Arrays.fill(present, base, base + metricCount, false);
        return row;
    }

    public void setLong(int row, int metric, long value) {
        int i = row * metricCount + metric;
        longs[i] = value;
        if (!present[i]) {
            present[i] = true;
            points++;
        }
    }

    public void setDouble(int row, int metric, double value) {
        int i = row * metricCount + metric;
        doubles[i] = value;
        if (!present[i]) {
            present[i] = true;
            points++;
        }
    }

    public boolean isFull() {
        return size == capacity;
    }

    public int size() {
        return size;
    }

    public int capacity() {
        return capacity;
    }

    /** The type of every field; null when they differ. */
    public MetricType type() {
        return type;
    }

    public MetricType fieldType(int metric) {
        return type != null ? type : types[metric];
    }

    public int metricCount() {
        return metricCount;
    }

    /** Metric values present in the batch (rows times metrics, less the empty ones). */
    public long points() {
        return points;
    }

    public long[] tsMicros() {
        return tsMicros;
    }

    public long[] tagIds() {
        return tagIds;
    }

    /** Integral metric values, row-major; null when every field is floating. */
    public long[] longs() {
        return longs;
    }

    /** Floating metric values, row-major; null when every field is integral. */
    public double[] doubles() {
        return doubles;
    }

    /** Presence flags, row-major; false means the value is empty. */
    public boolean[] present() {
        return present;
    }

    /** Whether the row has at least one metric value. */
    public boolean rowHasValues(int row) {
        int base = row * metricCount;
        for (int m = 0; m < metricCount; m++) {
            if (present[base + m]) {
                return true;
            }
        }
        return false;
    }
}
