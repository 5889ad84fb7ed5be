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
 * Layout of a model's table in QuestDB (mxbench's telematics table, TSBS's {@code cpu}, ...).
 *
 * <ul>
 *   <li>{@code ts TIMESTAMP} is the designated timestamp (microseconds, as the harness generates), and the table is
 *   {@code PARTITION BY DAY WAL}: WAL is QuestDB's default and what line-protocol ingestion is built for
 *   (concurrent writers, out-of-order rows); its asynchronous apply is why counts wait (see {@link WalApply}).</li>
 *   <li>{@code tag_id SYMBOL} (every tag of a model is a SYMBOL): a line-protocol tag can only land in a SYMBOL column (QuestDB refuses a tag
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
        return quote(identifier, "table name");
    }

    /** @param what what the name names, for the message: {@code table name}, {@code column name} */
    static String quote(String identifier, String what) {
        if (identifier.isEmpty() || identifier.indexOf('"') >= 0 || identifier.indexOf('\0') >= 0
                || identifier.indexOf('\n') >= 0 || identifier.indexOf('\r') >= 0 || identifier.indexOf('=') >= 0) {
            throw new UsageException("invalid " + what + " '" + identifier.replace("\0", "\\0").replace("\n", "\\n")
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
                .append(" (").append(column(schema.timeColumn())).append(" TIMESTAMP");
        for (String tag : schema.tags().names()) {
            sql.append(", ").append(column(tag)).append(" SYMBOL");
        }
        for (int m = 0; m < schema.metricCount(); m++) {
            sql.append(", ").append(column(schema.fieldName(m))).append(' ').append(columnType(schema.fieldType(m)));
        }
        return sql.append(") TIMESTAMP(").append(column(schema.timeColumn())).append(") PARTITION BY DAY WAL").toString();
    }

    /** A column name: as it is when a plain lower-case identifier and no key word, double-quoted otherwise. */
    static String column(String name) {
        return name.matches("[a-z_][a-z0-9_]*") && !KEY_WORDS.contains(name) ? name : quote(name, "column name");
    }

    /** Words QuestDB's SQL gives a meaning of their own, which a column name must not be read as. */
    private static final java.util.Set<String> KEY_WORDS = java.util.Set.of("time", "timestamp", "date", "symbol",
            "index", "table", "from", "select", "where", "order", "group", "by", "limit", "sample", "latest", "on",
            "partition", "and", "or", "not", "in", "as", "case", "when", "then", "else", "end", "null", "true", "false",
            "join", "union", "except", "intersect", "distinct", "all", "with", "like", "between", "fill", "align", "to");

    /** Column name (lower case) to QuestDB type name. */
    static Map<String, String> expectedLayout(SeriesSchema schema) {
        Map<String, String> cols = new LinkedHashMap<>();
        cols.put(schema.timeColumn().toLowerCase(Locale.ROOT), "TIMESTAMP");
        for (String tag : schema.tags().names()) {
            cols.put(tag.toLowerCase(Locale.ROOT), "SYMBOL");
        }
        for (int m = 0; m < schema.metricCount(); m++) {
            cols.put(schema.fieldName(m).toLowerCase(Locale.ROOT), columnType(schema.fieldType(m)));
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
        String time = schema.timeColumn().toLowerCase(Locale.ROOT);
        if (designated == null || !designated.toLowerCase(Locale.ROOT).equals(time)) {
            diffs.add("the designated timestamp is " + (designated == null ? "missing" : designated) + ", expected " + time);
        }
        return diffs;
    }
}
