package io.dbharness.iot;

import io.dbharness.core.api.QueryCatalogue;
import io.dbharness.core.api.MetricType;
import io.dbharness.core.api.QueryAnswer;
import io.dbharness.core.api.SeriesSchema;
import io.dbharness.core.api.TargetException;
import io.dbharness.core.encode.TimestampText;
import io.dbharness.core.api.QueryCatalogue.Column;
import io.dbharness.core.api.QueryCatalogue.Kind;

import java.math.BigDecimal;
import java.math.MathContext;
import java.math.RoundingMode;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.time.Instant;
import java.time.format.DateTimeFormatter;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HexFormat;
import java.util.List;

/**
 * Normalises an answer so that the same data gives the same text on every target: columns picked by name in
 * the catalogue's order (a target's own name for its time column, InfluxDB's {@code time}, stands for the
 * query's time column), times as UTC with microseconds, counts and devices as integers, metric values exact in
 * the metric's type, averages through the sum they imply with their count (rounded to the data's grain, so the
 * order of summation cannot matter), rows sorted. The digest is SHA-256 of that text.
 */
final class Answers {

    private static final DateTimeFormatter TIME = DateTimeFormatter.ofPattern("yyyy-MM-dd'T'HH:mm:ss.SSSSSS'Z'")
            .withZone(ZoneOffset.UTC);
    /** Significant digits of a normalised average, and of a number in a query file's answer. */
    private static final MathContext DIGITS = new MathContext(12, RoundingMode.HALF_EVEN);

    private final List<Column> columns;
    /** The type of each column's values (VALUE and MEAN columns; the others' is unused). */
    private final MetricType[] types;

    /**
     * @param columns what the query returns, null for a query file's query (then every column, generically)
     * @param type    the type of every value
     */
    Answers(List<Column> columns, MetricType type) {
        this.columns = columns;
        this.types = new MetricType[columns == null ? 0 : columns.size()];
        Arrays.fill(types, type);
    }

    private Answers(List<Column> columns, MetricType[] types) {
        this.columns = columns;
        this.types = types;
    }

    /**
     * A catalogue query's answers over {@code schema}: the metric columns of a whole-row query spelled out, each
     * value in the type of the field it comes from ({@code metric}'s where the column names none).
     */
    static Answers of(QueryCatalogue.Query q, SeriesSchema schema, int metric) {
        List<Column> out = new ArrayList<>(q.columns());
        if (q.metrics()) {
            for (int i = 0; i < schema.columnMetrics(); i++) {
                out.add(Column.value(schema.fieldName(i), schema.fieldName(i)));
            }
        }
        MetricType[] types = new MetricType[out.size()];
        List<String> fields = schema.fieldNames();
        for (int i = 0; i < types.length; i++) {
            String field = out.get(i).field();
            int at = field == null ? metric : fields.indexOf(field);
            if (at < 0) {
                throw new IllegalStateException("column " + out.get(i).name() + " names field " + field + ", which "
                        + schema.tableName() + " does not have");
            }
            types[i] = schema.fieldType(at);
        }
        return new Answers(List.copyOf(out), types);
    }

    /**
     * The normalised rows, sorted. A column the query must return and the answer lacks is an error of its text
     * (unless the answer names no columns at all: an empty one from InfluxDB).
     */
    List<List<String>> normalise(String query, QueryAnswer answer) throws TargetException {
        if (answer.rows().isEmpty() && answer.columns().isEmpty()) { // InfluxDB names no columns when nothing matched
            return List.of();
        }
        List<List<String>> rows = new ArrayList<>(answer.rows().size());
        if (columns == null) {
            for (Object[] r : answer.rows()) {
                List<String> row = new ArrayList<>(r.length);
                for (Object v : r) {
                    row.add(generic(v));
                }
                rows.add(row);
            }
        } else {
            int[] at = new int[columns.size()];
            int[] countAt = new int[columns.size()];
            for (int i = 0; i < columns.size(); i++) {
                at[i] = index(query, answer.columns(), columns.get(i));
                countAt[i] = columns.get(i).kind() == Kind.MEAN
                        ? index(query, answer.columns(), Column.of(columns.get(i).countColumn(), Kind.COUNT)) : -1;
            }
            for (Object[] r : answer.rows()) {
                List<String> row = new ArrayList<>(at.length);
                for (int i = 0; i < at.length; i++) {
                    row.add(value(columns.get(i).kind(), types[i], r[at[i]], countAt[i] < 0 ? null : r[countAt[i]]));
                }
                rows.add(row);
            }
        }
        rows.sort(Answers::compareRows);
        return rows;
    }

    /** SHA-256 of the rows: each value's UTF-8 then 0x1f, each row then 0x1e; fed in blocks, not value by value. */
    static String digest(List<List<String>> rows) {
        MessageDigest md;
        try {
            md = MessageDigest.getInstance("SHA-256");
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
        byte[] buf = new byte[8192];
        int n = 0;
        for (List<String> row : rows) {
            for (String v : row) {
                if (n + v.length() + 2 > buf.length) {
                    md.update(buf, 0, n);
                    n = 0;
                }
                boolean ascii = v.length() + 2 <= buf.length;
                for (int i = 0; ascii && i < v.length(); i++) {
                    char c = v.charAt(i);
                    ascii = c < 0x80;
                    buf[n + i] = (byte) c;
                }
                if (ascii) {
                    n += v.length();
                } else { // rare (text of a query file's answer): the exact UTF-8 bytes
                    md.update(buf, 0, n);
                    n = 0;
                    md.update(v.getBytes(StandardCharsets.UTF_8));
                }
                buf[n++] = 0x1f;
            }
            buf[n++] = 0x1e;
        }
        md.update(buf, 0, n);
        return HexFormat.of().formatHex(md.digest());
    }

    private static int compareRows(List<String> a, List<String> b) {
        for (int i = 0; i < Math.min(a.size(), b.size()); i++) {
            int c = a.get(i).compareTo(b.get(i));
            if (c != 0) {
                return c;
            }
        }
        return Integer.compare(a.size(), b.size());
    }

    private static int index(String query, List<String> names, Column c) throws TargetException {
        int i = names.indexOf(c.name());
        if (i < 0 && c.kind() == Kind.TIME) {
            i = names.indexOf("time");
        }
        if (i < 0) {
            throw new TargetException(TargetException.Kind.FATAL, null, "query " + query + " returned no column '"
                    + c.name() + "' (it returned " + names + "): its text does not match the catalogue", null);
        }
        return i;
    }

    private static String value(Kind kind, MetricType type, Object v, Object count) {
        if (v == null) {
            return "null";
        }
        return switch (kind) {
            case TIME -> time(v);
            case TAG, COUNT -> TEXTS.get().of(integer(v));
            // a tag a point lacks is NULL in a column and an empty value in an InfluxDB group: the same absence
            case TEXT -> v.toString().isEmpty() ? "null" : v.toString();
            case VALUE -> metricValue(type, v);
            case MEAN -> mean(type, v, count);
        };
    }

    private static String metricValue(MetricType type, Object v) {
        if (type.integral()) {
            return TEXTS.get().of(integer(v));
        }
        double d = v instanceof Number n && !(v instanceof BigDecimal) ? n.doubleValue() : number(v).doubleValue();
        return type == MetricType.FLOAT4 ? TEXTS.get().of((float) d) : TEXTS.get().of(d);
    }

    private static final ThreadLocal<Texts> TEXTS = ThreadLocal.withInitial(Texts::new);

    /**
     * {@code Double.toString}, {@code Float.toString} and {@code Long.toString} of the values seen last, by their
     * bits: data repeat their values (telematics' metrics hold about a thousand each, devops' are whole percentages),
     * and formatting them was about two thirds of what keeping a 3,600-row answer cost (issue 35; a quarter of the
     * digest thread's samples for devops' {@code high-cpu-all}). Direct-mapped, one per thread; a miss costs one
     * formatting.
     */
    private static final class Texts {
        private final Cache longs = new Cache();
        private final Cache doubles = new Cache();
        private final Cache floats = new Cache();

        String of(long v) {
            return longs.text(v, Long::toString);
        }

        String of(double d) {
            return doubles.text(Double.doubleToRawLongBits(d), b -> Double.toString(Double.longBitsToDouble(b)));
        }

        String of(float f) {
            return floats.text(Float.floatToRawIntBits(f), b -> Float.toString(Float.intBitsToFloat((int) b)));
        }

        /** Texts by a 64-bit key (a value or its bits), direct-mapped. */
        private static final class Cache {
            private static final int SIZE = 4096;
            private final long[] keys = new long[SIZE];
            private final String[] texts = new String[SIZE];

            String text(long key, java.util.function.LongFunction<String> format) {
                int i = (int) ((key * 0x9E3779B97F4A7C15L) >>> 52);
                String t = texts[i];
                if (t == null || keys[i] != key) {
                    t = format.apply(key);
                    keys[i] = key;
                    texts[i] = t;
                }
                return t;
            }
        }
    }

    /**
     * An average as {@code sum / count} with the sum rounded to the data's grain (whole numbers for integer
     * metrics, hundredths for floats): two targets that add the same values in another order agree exactly.
     */
    private static String mean(MetricType type, Object v, Object count) {
        if (count == null) {
            return "null";
        }
        long n = integer(count);
        if (n == 0) {
            return "null";
        }
        BigDecimal grain = type.integral() ? BigDecimal.ONE : new BigDecimal("0.01");
        BigDecimal sum = number(v).multiply(BigDecimal.valueOf(n)).divide(grain, 0, RoundingMode.HALF_EVEN).multiply(grain);
        return sum.divide(BigDecimal.valueOf(n), DIGITS).stripTrailingZeros().toPlainString();
    }

    private static String time(Object v) {
        if (v instanceof Instant t) {
            return time(t);
        }
        if (v instanceof Number n) { // epoch microseconds
            return TimestampText.iso(n.longValue());
        }
        return time(Instant.parse(v.toString()));
    }

    /** UTC with microseconds ({@link TimestampText#iso}); the formatter only outside the years it writes. */
    static String time(Instant t) {
        long seconds = t.getEpochSecond();
        if (seconds < -62_167_219_200L || seconds >= 253_402_300_800L) { // outside years 0000..9999
            return TIME.format(t);
        }
        return TimestampText.iso(Math.multiplyExact(seconds, 1_000_000L) + t.getNano() / 1000);
    }

    private static long integer(Object v) {
        if (v instanceof Long l) {
            return l;
        }
        if (v instanceof Number n) {
            return Math.round(n.doubleValue());
        }
        return Long.parseLong(v.toString().strip());
    }

    private static BigDecimal number(Object v) {
        if (v instanceof BigDecimal b) {
            return b;
        }
        if (v instanceof Long l) {
            return BigDecimal.valueOf(l);
        }
        if (v instanceof Number n) {
            return new BigDecimal(n.doubleValue());
        }
        return new BigDecimal(v.toString().strip());
    }

    /** A query file's value: numbers at 12 significant digits, integers as integers, times as UTC. */
    private static String generic(Object v) {
        if (v == null) {
            return "null";
        }
        if (v instanceof Instant t) {
            return TIME.format(t);
        }
        if (v instanceof Long l) {
            return Long.toString(l);
        }
        if (v instanceof Double || v instanceof BigDecimal) {
            BigDecimal b = number(v);
            return b.signum() == 0 ? "0" : b.round(DIGITS).stripTrailingZeros().toPlainString();
        }
        return v.toString();
    }
}
