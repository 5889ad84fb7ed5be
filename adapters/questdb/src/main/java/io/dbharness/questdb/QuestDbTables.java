package io.dbharness.questdb;

import io.dbharness.core.api.MetricType;
import io.dbharness.core.api.SeriesSchema;
import io.dbharness.core.api.UsageException;
import io.dbharness.core.encode.SchemaColumns;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * Layout of the telematics table in QuestDB.
 *
 * <ul>
 *   <li>{@code ts TIMESTAMP} is the designated timestamp (microseconds, as the harness generates), and the table is
 *   {@code PARTITION BY DAY WAL}: WAL is QuestDB's default and what line-protocol ingestion is built for
 *   (concurrent writers, out-of-order rows); its asynchronous apply is why counts wait (see {@link WalApply}).</li>
 *   <li>{@code tag_id SYMBOL}: a line-protocol tag can only land in a SYMBOL column (QuestDB refuses a tag
 *   into LONG with "cast error from protocol type: TAG"), and a symbol is what QuestDB means by a series key:
 *   dictionary-encoded (4 bytes a row), usable by {@code LATEST ON ... PARTITION BY}; its capacity scales
 *   itself ({@code cairo.auto.scale.symbol.capacity}) so 25 000 devices need no hint.</li>
 *   <li>One column per metric {@code c0..cN} of the matching type: line protocol has no column limit, so there
 *   is no JSON extension column whatever {@code --max-columns} says.</li>
 * </ul>
 * QuestDB uses {@code Integer.MIN_VALUE}, {@code Long.MIN_VALUE} and NaN as NULL markers: such values read
 * back as NULL. Table names are case-insensitive in QuestDB.
 */
final class QuestDbTables {

    private QuestDbTables() {
    }

    /** Double-quoted, so spaces, dashes, mixed case and reserved words are one name. */
    static String quote(String identifier) {
        if (identifier.isEmpty() || identifier.indexOf('"') >= 0 || identifier.indexOf('\0') >= 0
                || identifier.indexOf('\n') >= 0 || identifier.indexOf('\r') >= 0 || identifier.indexOf('=') >= 0) {
            throw new UsageException("invalid table name '" + identifier.replace("\0", "\\0").replace("\n", "\\n")
                    + "' for QuestDB: it must not be empty or contain a double quote, '=' or a line break"
                    + " ('=' because QuestDB's line-protocol parser takes it for the first field even in the measurement)");
        }
        return '"' + identifier + '"';
    }

    /** The name as a single-quoted SQL string, for table functions such as {@code table_columns('t')}. */
    static String literal(String identifier) {
        return "'" + identifier.replace("'", "''") + "'";
    }

    static String columnType(MetricType type) {
        return switch (type) {
            case INT4 -> "INT";
            case INT8 -> "LONG";
            case FLOAT4 -> "FLOAT";
            case FLOAT8 -> "DOUBLE";
        };
    }

    static String createSql(SeriesSchema schema) {
        StringBuilder sql = new StringBuilder("CREATE TABLE IF NOT EXISTS ").append(quote(schema.tableName()))
                .append(" (").append(SchemaColumns.TS).append(" TIMESTAMP, ").append(SchemaColumns.TAG_ID).append(" SYMBOL");
        String type = columnType(schema.metricType());
        for (int m = 0; m < schema.metricCount(); m++) {
            sql.append(", ").append(SeriesSchema.metricName(m)).append(' ').append(type);
        }
        return sql.append(") TIMESTAMP(").append(SchemaColumns.TS).append(") PARTITION BY DAY WAL").toString();
    }

    /** Column name (lower case) to QuestDB type name. */
    static Map<String, String> expectedLayout(SeriesSchema schema) {
        Map<String, String> cols = new LinkedHashMap<>();
        cols.put(SchemaColumns.TS, "TIMESTAMP");
        cols.put(SchemaColumns.TAG_ID, "SYMBOL");
        String type = columnType(schema.metricType());
        for (int m = 0; m < schema.metricCount(); m++) {
            cols.put(SeriesSchema.metricName(m), type);
        }
        return cols;
    }

    /** Differences that would make writes fail or change values; extra columns are fine. Empty when it fits. */
    static List<String> layoutDifferences(SeriesSchema schema, Map<String, String> actual, String designated) {
        List<String> diffs = new ArrayList<>();
        for (Map.Entry<String, String> e : expectedLayout(schema).entrySet()) {
            String have = actual.get(e.getKey());
            if (have == null) {
                diffs.add("column " + e.getKey() + " is missing");
            } else if (!have.equalsIgnoreCase(e.getValue())) {
                diffs.add("column " + e.getKey() + " is " + have + ", expected " + e.getValue());
            }
        }
        if (designated == null || !designated.toLowerCase(Locale.ROOT).equals(SchemaColumns.TS)) {
            diffs.add("the designated timestamp is " + (designated == null ? "missing" : designated) + ", expected ts");
        }
        return diffs;
    }
}
