package io.dbharness.postgres;

import io.dbharness.core.api.MetricType;
import io.dbharness.core.api.RowBatch;
import io.dbharness.core.api.SeriesSchema;
import io.dbharness.core.encode.ByteSink;
import io.dbharness.core.encode.ExtJson;

import java.nio.charset.StandardCharsets;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.sql.Types;
import java.time.LocalDateTime;
import java.time.ZoneOffset;

/**
 * Binds one row to INSERT parameters, shared by the single-row and multi-row writers so both send identical
 * values. Timestamps go as {@link LocalDateTime} in UTC so the JVM's time zone cannot shift them.
 *
 * <p>Returns the parameter payload in bytes (8 per ts, 4 per tag_id or each string tag's length, the metric size per present column
 * value, the JSON length of ext): what the statement carries, without protocol overhead.
 */
final class RowBinder {

    private final MetricType[] types;
    private final int metrics;
    private final int columns;
    private final int[] sqlTypes;
    private final ExtJson ext;
    private final ByteSink json = new ByteSink(256);
    /** String tags, looked up once per series (the model's lookup may draw and format); null for the series number. */
    private final io.dbharness.core.encode.TagCells<String[]> tags;

    RowBinder(SeriesSchema schema) {
        this.tags = schema.tags().isSeriesNumber() ? null
                : new io.dbharness.core.encode.TagCells<>(schema.tags(), java.util.function.Function.identity());
        this.types = schema.fieldTypes().toArray(new MetricType[0]);
        this.metrics = schema.metricCount();
        this.columns = schema.columnMetrics();
        this.sqlTypes = new int[types.length];
        for (int m = 0; m < types.length; m++) {
            sqlTypes[m] = switch (types[m]) {
                case INT4 -> Types.INTEGER;
                case INT8 -> Types.BIGINT;
                case FLOAT4 -> Types.REAL;
                case FLOAT8 -> Types.DOUBLE;
            };
        }
        this.ext = schema.hasExtension() ? new ExtJson(schema) : null;
    }

    /** Placeholders of one row, e.g. {@code (?, ?, ?, ?::jsonb)}. */
    static String placeholders(SeriesSchema schema) {
        StringBuilder sb = new StringBuilder("(?");
        for (int t = 0; t < schema.tags().names().size(); t++) {
            sb.append(", ?");
        }
        for (int m = 0; m < schema.columnMetrics(); m++) {
            sb.append(", ?");
        }
        if (schema.hasExtension()) {
            sb.append(", ?::jsonb");
        }
        return sb.append(')').toString();
    }

    /** Binds row {@code r} starting at parameter {@code first}; returns the payload bytes. */
    long bind(PreparedStatement ps, int first, RowBatch batch, int r) throws SQLException {
        int p = first;
        long micros = batch.tsMicros()[r];
        long second = Math.floorDiv(micros, 1_000_000L);
        int nanos = (int) (micros - second * 1_000_000L) * 1000;
        ps.setObject(p++, LocalDateTime.ofEpochSecond(second, nanos, ZoneOffset.UTC));
        long bytes = 8;
        if (tags == null) {
            ps.setInt(p++, (int) batch.tagIds()[r]);
            bytes += 4;
        } else {
            for (String v : tags.get(batch.tagIds()[r])) {
                ps.setString(p++, v);
                bytes += v.length();
            }
        }
        boolean[] present = batch.present();
        int base = r * metrics;
        for (int m = 0; m < columns; m++) {
            int i = base + m;
            if (!present[i]) {
                ps.setNull(p++, sqlTypes[m]);
                continue;
            }
            bytes += types[m].sizeBytes();
            switch (types[m]) {
                case INT4 -> ps.setInt(p++, (int) batch.longs()[i]);
                case INT8 -> ps.setLong(p++, batch.longs()[i]);
                case FLOAT4 -> ps.setFloat(p++, (float) batch.doubles()[i]);
                case FLOAT8 -> ps.setDouble(p++, batch.doubles()[i]);
            }
        }
        if (ext != null) {
            if (ext.hasValues(batch, r)) {
                json.reset();
                ext.write(batch, r, json, false);
                ps.setString(p, new String(json.array(), 0, json.length(), StandardCharsets.UTF_8));
                bytes += json.length();
            } else {
                ps.setNull(p, Types.OTHER);
            }
        }
        return bytes;
    }

    /** For the INSERT writers' close(): nothing useful to report then; the pool evicts a broken connection itself. */
    static void closeQuietly(AutoCloseable c) {
        try {
            if (c != null) {
                c.close();
            }
        } catch (Exception ignored) {
            // see above
        }
    }
}
