package io.dbharness.core.encode;

import io.dbharness.core.api.MetricType;
import io.dbharness.core.api.RowBatch;
import io.dbharness.core.api.SeriesSchema;
import io.dbharness.core.api.SeriesTags;
import io.dbharness.core.api.UsageException;
import org.junit.jupiter.api.Test;

import java.io.ByteArrayOutputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * A model with string tags (TSBS's hosts, influx-stress's templates) in every format: the tags come after the
 * time column, each escaped as its format requires, and stay the same for every row of a series.
 */
class StringTagsEncodingTest {

    /** Series 1 has plain values; series 2 has every character some format must escape. */
    private static final String[][] VALUES = {
            {"host_0", "eu-west-1"},
            {"a b,c=d", "tab\tback\\slash \"quoted\"\nline"}};

    private static final SeriesSchema SCHEMA = new SeriesSchema("cpu", "time", SeriesTags.strings(List.of("hostname", "region"),
            List.of("hostname"), 2, series -> VALUES[(int) series - 1].clone()), MetricType.INT8,
            List.of("usage_user", "usage_system"), 2);

    /** Series 1 then 2, at the epoch and one second later, values 7 and (empty, 9). */
    private static RowBatch batch() {
        RowBatch b = new RowBatch(MetricType.INT8, 2, 4);
        int r = b.addRow(0, 1);
        b.setLong(r, 0, 7);
        b.setLong(r, 1, 8);
        r = b.addRow(1_000_000, 2);
        b.setLong(r, 1, 9);
        return b;
    }

    private static byte[] encode(RowEncoder e) {
        ByteSink s = new ByteSink(64);
        e.begin(s);
        e.encode(batch(), s);
        e.end(s);
        return java.util.Arrays.copyOf(s.array(), s.length());
    }

    private static String text(RowEncoder e) {
        return new String(encode(e), StandardCharsets.UTF_8);
    }

    @Test
    void lineProtocolEscapesTagValuesAndKeysTheMeasurementOncePerSeries() {
        SeriesSchema oneLine = new SeriesSchema("cpu", "time", SeriesTags.strings(List.of("hostname", "region"),
                List.of("hostname"), 2, series -> new String[] {VALUES[(int) series - 1][0], "tab\tback\\slash \"q\""}),
                MetricType.INT8, List.of("usage_user", "usage_system"), 2);
        assertEquals("cpu,hostname=host_0,region=tab\tback\\slash\\ \"q\" usage_user=7i,usage_system=8i 0\n"
                        + "cpu,hostname=a\\ b\\,c\\=d,region=tab\tback\\slash\\ \"q\" usage_system=9i 1000000000\n",
                text(new LineProtocolEncoder(oneLine, LinePrecision.NS)));
        UsageException e = assertThrows(UsageException.class, () -> text(new LineProtocolEncoder(SCHEMA, LinePrecision.NS)));
        assertEquals("tag region = 'tab\tback\\slash \"quoted\"\\nline' contains a line break, which line protocol"
                + " cannot carry", e.getMessage());
    }

    @Test
    void copyTextEscapesBackslashTabAndLineBreaks() {
        assertEquals("1970-01-01 00:00:00\thost_0\teu-west-1\t7\t8\n"
                        + "1970-01-01 00:00:01\ta b,c=d\ttab\\tback\\\\slash \"quoted\"\\nline\t\\N\t9\n",
                text(new CopyTextEncoder(SCHEMA)));
    }

    @Test
    void csvQuotesWhatNeedsIt() {
        assertEquals("time,hostname,region,usage_user,usage_system\n"
                        + "1970-01-01 00:00:00,host_0,eu-west-1,7,8\n"
                        + "1970-01-01 00:00:01,\"a b,c=d\",\"tab\tback\\slash \"\"quoted\"\"\nline\",,9\n",
                text(new CsvEncoder(SCHEMA)));
    }

    /** An empty tag is an empty string, not NULL (tag columns are NOT NULL): quoted in CSV, empty in COPY text. */
    @Test
    void anEmptyTagIsAnEmptyStringNotNull() {
        SeriesSchema empty = new SeriesSchema("cpu", "time", SeriesTags.strings(List.of("hostname", "region"),
                List.of("hostname"), 2, series -> new String[] {"h" + series, ""}), MetricType.INT8,
                List.of("usage_user", "usage_system"), 2);
        assertTrue(text(new CsvEncoder(empty)).contains("1970-01-01 00:00:00,h1,\"\",7,8\n"), text(new CsvEncoder(empty)));
        assertTrue(text(new CopyTextEncoder(empty)).startsWith("1970-01-01 00:00:00\th1\t\t7\t8\n"));
    }

    /**
     * A missing tag (TSBS iot's zeroed tags, {@link SeriesTags#withMissingValues()}) is NULL in every SQL format and
     * left out of line protocol; the series key is never missing, and a model that did not declare missing tags is
     * refused one.
     */
    @Test
    void aMissingTagIsNullOrLeftOut() throws IOException {
        SeriesSchema missing = new SeriesSchema("cpu", "time", SeriesTags.strings(List.of("hostname", "region"),
                List.of("hostname"), 2, series -> new String[] {"h" + series, series == 1 ? null : "r"})
                .withMissingValues(), MetricType.INT8, List.of("usage_user", "usage_system"), 2);
        assertEquals("cpu,hostname=h1 usage_user=7i,usage_system=8i 0\ncpu,hostname=h2,region=r usage_system=9i 1000000000\n",
                text(new LineProtocolEncoder(missing, LinePrecision.NS)));
        assertTrue(text(new CsvEncoder(missing)).contains("1970-01-01 00:00:00,h1,,7,8\n"), text(new CsvEncoder(missing)));
        assertTrue(text(new CopyTextEncoder(missing)).startsWith("1970-01-01 00:00:00\th1\t\\N\t7\t8\n"),
                text(new CopyTextEncoder(missing)));
        byte[] binary = encode(new CopyBinaryEncoder(missing));
        ByteArrayOutputStream row = new ByteArrayOutputStream();
        DataOutputStream d = new DataOutputStream(row);
        d.writeInt(2);
        d.write("h1".getBytes(StandardCharsets.UTF_8));
        d.writeInt(-1); // region NULL
        d.writeInt(8);
        d.writeLong(7);
        assertTrue(new String(binary, StandardCharsets.ISO_8859_1).contains(row.toString(StandardCharsets.ISO_8859_1)),
                "COPY binary: the missing tag's length is -1");
        assertTrue(missing.tags().mayBeMissing("region"));
        assertFalse(missing.tags().mayBeMissing("hostname"), "the series key is never missing");

        SeriesTags undeclared = SeriesTags.strings(List.of("hostname", "region"), List.of("hostname"), 1,
                series -> new String[] {"h1", null});
        IllegalStateException e = assertThrows(IllegalStateException.class, () -> undeclared.values(1));
        assertEquals("series 1 has no value for tag region", e.getMessage());
        SeriesTags noKey = SeriesTags.strings(List.of("hostname", "region"), List.of("hostname"), 1,
                series -> new String[] {null, "r"}).withMissingValues();
        assertEquals("series 1 has no value for tag hostname",
                assertThrows(IllegalStateException.class, () -> noKey.values(1)).getMessage());
    }

    @Test
    void copyBinaryWritesEachTagAsLengthPrefixedText() throws IOException {
        ByteArrayOutputStream expected = new ByteArrayOutputStream();
        DataOutputStream d = new DataOutputStream(expected);
        d.write(new byte[] {'P', 'G', 'C', 'O', 'P', 'Y', '\n', (byte) 0xFF, '\r', '\n', 0});
        d.writeInt(0);
        d.writeInt(0);
        long[] ts = {0, 1_000_000};
        for (int row = 0; row < 2; row++) {
            d.writeShort(5);
            d.writeInt(8);
            d.writeLong(ts[row] - CopyBinaryEncoder.PG_EPOCH_OFFSET_MICROS);
            for (String v : VALUES[row]) {
                byte[] utf8 = v.getBytes(StandardCharsets.UTF_8);
                d.writeInt(utf8.length);
                d.write(utf8);
            }
            if (row == 0) {
                d.writeInt(8);
                d.writeLong(7);
            } else {
                d.writeInt(-1);
            }
            d.writeInt(8);
            d.writeLong(row == 0 ? 8 : 9);
        }
        d.writeShort(-1);
        assertArrayEquals(expected.toByteArray(), encode(new CopyBinaryEncoder(SCHEMA)));
    }

    @Test
    void columnsAreTimeTagsFields() {
        assertEquals(List.of("time", "hostname", "region", "usage_user", "usage_system"), SchemaColumns.names(SCHEMA));
        assertEquals(5, SchemaColumns.count(SCHEMA));
    }
}
