package io.dbharness.postgres;

import io.dbharness.core.api.MetricType;
import io.dbharness.core.api.SeriesSchema;
import io.dbharness.core.api.UsageException;
import io.dbharness.core.encode.SchemaColumns;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Names and layout of the telematics table. The table name is one identifier, always quoted, so any name the
 * user gives (mixed case, dashes, reserved words) means exactly that table and cannot inject SQL.
 */
public final class Tables {

    private Tables() {
    }

    public static String quote(String identifier) {
        if (identifier.isEmpty() || identifier.indexOf('\0') >= 0) {
            throw new UsageException("invalid table name '" + identifier.replace("\0", "\\0") + "'");
        }
        return '"' + identifier.replace("\"", "\"\"") + '"';
    }

    public static String createSql(PgFlavor flavor, SeriesSchema schema) {
        StringBuilder cols = new StringBuilder();
        String type = schema.metricType().sqlName();
        for (int m = 0; m < schema.columnMetrics(); m++) {
            cols.append(",\n  ").append(SeriesSchema.metricName(m)).append(' ').append(type);
        }
        if (schema.hasExtension()) {
            cols.append(",\n  ").append(SeriesSchema.EXT_COLUMN).append(" jsonb");
        }
        return render(flavor, "create_table", schema, Map.of("columns", cols.toString()));
    }

    /** A statement of the flavor's dialect with the table, the flavor's values and {@code extra} filled in. */
    public static String render(PgFlavor flavor, String id, SeriesSchema schema, Map<String, String> extra) {
        Map<String, String> values = new java.util.HashMap<>(flavor.sqlValues(schema));
        values.put("table", quote(schema.tableName()));
        values.put("target", target(schema));
        values.putAll(extra);
        return flavor.dialect().render(id, values);
    }

    /** {@code "t" (ts, tag_id, c0, ...)}, the target of COPY and INSERT. */
    public static String target(SeriesSchema schema) {
        return quote(schema.tableName()) + " (" + String.join(", ", SchemaColumns.names(schema)) + ")";
    }

    /** Column name to type as {@code format_type} spells it. */
    static Map<String, String> expectedLayout(SeriesSchema schema) {
        Map<String, String> cols = new LinkedHashMap<>();
        cols.put(SchemaColumns.TS, "timestamp without time zone");
        cols.put(SchemaColumns.TAG_ID, "integer");
        String type = formatType(schema.metricType());
        for (int m = 0; m < schema.columnMetrics(); m++) {
            cols.put(SeriesSchema.metricName(m), type);
        }
        if (schema.hasExtension()) {
            cols.put(SeriesSchema.EXT_COLUMN, "jsonb");
        }
        return cols;
    }

    static String formatType(MetricType type) {
        return switch (type) {
            case INT4 -> "integer";
            case INT8 -> "bigint";
            case FLOAT4 -> "real";
            case FLOAT8 -> "double precision";
        };
    }

    /**
     * Differences that would make writes fail or change values; extra columns are fine (they stay NULL).
     * Empty when the table fits.
     */
    static List<String> layoutDifferences(SeriesSchema schema, Map<String, String> actual) {
        List<String> diffs = new ArrayList<>();
        for (Map.Entry<String, String> e : expectedLayout(schema).entrySet()) {
            String have = actual.get(e.getKey());
            if (have == null) {
                diffs.add("column " + e.getKey() + " is missing");
            } else if (!have.equals(e.getValue())) {
                diffs.add("column " + e.getKey() + " is " + have + ", expected " + e.getValue());
            }
        }
        return diffs;
    }
}
