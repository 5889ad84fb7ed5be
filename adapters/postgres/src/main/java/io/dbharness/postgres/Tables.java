package io.dbharness.postgres;

import io.dbharness.core.api.MetricType;
import io.dbharness.core.api.RowId;
import io.dbharness.core.api.SeriesSchema;
import io.dbharness.core.api.UsageException;
import io.dbharness.core.encode.SchemaColumns;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Names and layout of a model's table (mxbench's telematics table, TSBS's {@code cpu}, ...). The table name is
 * one identifier, always quoted, so any name the user gives (mixed case, dashes, reserved words) means exactly
 * that table and cannot inject SQL.
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
        for (int m = 0; m < schema.columnMetrics(); m++) {
            cols.append(",\n  ").append(column(schema.fieldName(m))).append(' ').append(schema.fieldType(m).sqlName());
        }
        if (schema.hasExtension()) {
            cols.append(",\n  ").append(SeriesSchema.EXT_COLUMN).append(" jsonb");
        }
        return render(flavor, "create_table", schema, Map.of("columns", cols.toString(),
                "row_key", schema.rowId().present() ? ",\n  PRIMARY KEY (" + RowId.COLUMN + ")" : ""));
    }

    /**
     * The row id the database fills (when the model has one), then the time and tag columns with their types:
     * {@code ts timestamp NOT NULL, tag_id integer NOT NULL} for telematics; string tags are {@code text}, NOT
     * NULL, as TSBS's in-table tags, unless the model leaves some out (TSBS iot's zeroed tags).
     */
    static String timeAndTags(SeriesSchema schema) {
        StringBuilder sql = new StringBuilder();
        if (schema.rowId().present()) { // the database fills it: COPY and INSERT never name it
            sql.append(schema.rowId().sqlColumn()).append(",\n  ");
        }
        sql.append(column(schema.timeColumn())).append(" timestamp NOT NULL");
        String tagType = schema.tags().isSeriesNumber() ? "integer" : "text";
        for (String tag : schema.tags().names()) {
            sql.append(",\n  ").append(column(tag)).append(' ').append(tagType)
                    .append(schema.tags().mayBeMissing(tag) ? "" : " NOT NULL");
        }
        return sql.toString();
    }

    /** The series key then the time column, e.g. {@code tag_id, ts}: what tables are sorted and indexed by. */
    public static String keyAndTime(SeriesSchema schema) {
        return keyColumns(schema) + ", " + column(schema.timeColumn());
    }

    /** The tags that tell series apart, e.g. {@code tag_id} or {@code hostname}. */
    public static String keyColumns(SeriesSchema schema) {
        return String.join(", ", schema.keyColumns().stream().map(Tables::column).toList());
    }

    /**
     * A column name as SQL: as it is when a plain lower-case identifier that is not a reserved word (so the
     * telematics DDL reads as mxbench's), quoted otherwise.
     */
    public static String column(String name) {
        return name.matches("[a-z_][a-z0-9_]*") && !RESERVED.contains(name) ? name : quote(name);
    }

    /** PostgreSQL's reserved key words (SQL Key Words appendix, "reserved" in the PostgreSQL column). */
    private static final java.util.Set<String> RESERVED = java.util.Set.of("all", "analyse", "analyze", "and", "any",
            "array", "as", "asc", "asymmetric", "authorization", "binary", "both", "case", "cast", "check", "collate",
            "collation", "column", "concurrently", "constraint", "create", "cross", "current_catalog", "current_date",
            "current_role", "current_schema", "current_time", "current_timestamp", "current_user", "default",
            "deferrable", "desc", "distinct", "do", "else", "end", "except", "false", "fetch", "for", "foreign",
            "freeze", "from", "full", "grant", "group", "having", "ilike", "in", "initially", "inner", "intersect",
            "into", "is", "isnull", "join", "lateral", "leading", "left", "like", "limit", "localtime",
            "localtimestamp", "natural", "not", "notnull", "null", "offset", "on", "only", "or", "order", "outer",
            "overlaps", "placing", "primary", "references", "returning", "right", "select", "session_user", "similar",
            "some", "symmetric", "system_user", "table", "tablesample", "then", "to", "trailing", "true", "union",
            "unique", "user", "using", "variadic", "verbose", "when", "where", "window", "with");

    /** A statement of the flavor's dialect with the table, the flavor's values and {@code extra} filled in. */
    public static String render(PgFlavor flavor, String id, SeriesSchema schema, Map<String, String> extra) {
        Map<String, String> values = new java.util.HashMap<>(flavor.sqlValues(schema));
        values.put("table", quote(schema.tableName()));
        values.put("target", target(schema));
        values.put("time_and_tags", timeAndTags(schema));
        values.put("time", column(schema.timeColumn()));
        values.put("key", keyColumns(schema));
        values.putAll(extra);
        return flavor.dialect().render(id, values);
    }

    /** {@code "t" (ts, tag_id, c0, ...)}, the target of COPY and INSERT. */
    public static String target(SeriesSchema schema) {
        return quote(schema.tableName()) + " (" + String.join(", ",
                SchemaColumns.names(schema).stream().map(Tables::column).toList()) + ")";
    }

    /** Column name to type as {@code format_type} spells it. */
    static Map<String, String> expectedLayout(SeriesSchema schema) {
        Map<String, String> cols = new LinkedHashMap<>();
        switch (schema.rowId().kind()) { // an id of another kind would have the run record a key it did not use
            case SERIAL -> cols.put(RowId.COLUMN, "integer");
            case IDENTITY -> cols.put(RowId.COLUMN, "bigint");
            case UUID -> cols.put(RowId.COLUMN, "uuid");
            case NONE -> { }
        }
        cols.put(schema.timeColumn(), "timestamp without time zone");
        for (String tag : schema.tags().names()) {
            cols.put(tag, schema.tags().isSeriesNumber() ? "integer" : "text");
        }
        for (int m = 0; m < schema.columnMetrics(); m++) {
            cols.put(schema.fieldName(m), formatType(schema.fieldType(m)));
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
