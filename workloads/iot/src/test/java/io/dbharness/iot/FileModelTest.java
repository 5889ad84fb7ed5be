package io.dbharness.iot;

import io.dbharness.core.api.Generator;
import io.dbharness.core.api.GeneratorProvider;
import io.dbharness.core.api.MetricType;
import io.dbharness.core.api.SeriesSchema;
import io.dbharness.core.api.UsageException;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** mxbench's {@code --generator file}: the user's CSV or line-protocol rows, checked line by line before the run. */
class FileModelTest {

    @TempDir
    Path dir;

    private Generator model(String... pairs) {
        var settings = TestSettings.insert(pairs);
        GeneratorProvider g = GeneratorProvider.named(settings.string("generator"));
        IotInsertProvider.refuseOthersOptions(settings, g);
        return g.create(settings);
    }

    private Path write(String name, String text) throws Exception {
        return Files.writeString(dir.resolve(name), text);
    }

    /** Every slot's rows as "series time values", in the order each slot writes them. */
    private static List<String> rows(Generator g, int slots) {
        return GeneratorRows.of(g, slots, 2, (batch, r) -> {
            StringBuilder line = new StringBuilder().append(batch.tagIds()[r]).append(' ').append(batch.tsMicros()[r]);
            for (int f = 0; f < batch.metricCount(); f++) {
                int i = r * batch.metricCount() + f;
                line.append(' ').append(!batch.present()[i] ? "-" : g.schema().fieldType(f).integral()
                        ? Long.toString(batch.longs()[i]) : Double.toString(batch.doubles()[i]));
            }
            return line.toString();
        });
    }

    @Test
    void csvInTheFileTargetsLayout() throws Exception {
        Path csv = write("rows.csv", """
                ts,tag_id,c0,c1,c2
                2022-04-18 09:00:00,1,5,,1.5
                2022-04-18 09:00:00,2,6,7,
                2022-04-18 09:00:01,1,,8,2
                2022-04-18 09:00:01.25,3,9,10,3.75
                """);
        Generator g = model("generator", "file", "generator-file-paths", csv.toString());
        SeriesSchema s = g.schema();
        assertEquals("telematics", s.tableName());
        assertEquals("ts", s.timeColumn());
        assertEquals(List.of("tag_id"), s.tags().names());
        assertEquals(List.of("c0", "c1", "c2"), s.fieldNames());
        assertEquals(List.of(MetricType.INT8, MetricType.INT8, MetricType.FLOAT8), s.fieldTypes(), "c2 has a fraction");
        assertEquals(3, g.seriesCount());
        assertEquals(4, g.plannedRows());
        List<String> one = rows(g, 1);
        assertEquals(one, rows(g, 2));
        assertEquals(one, rows(g, 5));
        assertTrue(one.contains("3 1650272401250000 9 10 3.75"), one.toString());
        assertTrue(one.contains("1 1650272400000000 5 - 1.5"), one.toString());
        assertEquals(1650272400000000L, g.startMicros());
        assertEquals(1650272401250001L, g.endMicros());
    }

    @Test
    void lineProtocolOfOneMeasurement() throws Exception {
        Path lp = write("rows.lp", """
                # a comment
                cpu,host=a\\ 1,dc=x usage=1i,load=0.5 1000000000
                cpu,dc=x,host=b usage=2i 1000000000
                cpu,host=a\\ 1,dc=x load=0.75 2000000000
                """);
        Generator g = model("generator", "file", "generator-file-paths", lp.toString());
        SeriesSchema s = g.schema();
        assertEquals("cpu", s.tableName());
        assertEquals(List.of("dc", "host"), s.tags().names(), "tags by key, as InfluxDB orders them");
        assertEquals(List.of("usage", "load"), s.fieldNames());
        assertEquals(List.of(MetricType.INT8, MetricType.FLOAT8), s.fieldTypes());
        assertEquals(2, g.seriesCount());
        assertEquals(List.of("x", "a 1"), List.of(s.tags().values(1)));
        assertEquals(List.of("1 1000000 1 0.5", "1 2000000 - 0.75", "2 1000000 2 -"), rows(g, 1));
        assertEquals(rows(g, 1), rows(g, 2));
    }

    /**
     * Each worker reads every line and looks only at its own series' (others' are told from their bytes): every
     * slot count gives the same rows, with CRLF ends, blank lines, series written with blanks or a sign (read in
     * full), text that is not ASCII, and a file changed under the run named by the worker whose line changed.
     */
    @Test
    void everySlotCountReadsTheSameRowsAndAChangedLineIsNamed() throws Exception {
        StringBuilder text = new StringBuilder("\uFEFFts,tag_id,c0,c1\r\n");
        for (int t = 0; t < 50; t++) {
            for (int series = 1; series <= 7; series++) {
                String tag = series == 3 ? " 3" : series == 5 ? "+5" : Integer.toString(series);
                text.append("2022-04-18 09:00:").append(String.format("%02d", t)).append(',').append(tag).append(',')
                        .append(t * 10 + series).append(',').append(series % 2 == 0 ? "" : (t + 0.5) + "")
                        .append(t % 10 == 0 ? "\n\r\n" : "\r\n");
            }
        }
        Path csv = write("slots.csv", text.toString());
        Generator g = model("generator", "file", "generator-file-paths", csv.toString());
        assertEquals(350, g.plannedRows());
        List<String> one = rows(g, 1);
        assertEquals(350, one.size());
        for (int slots : new int[]{2, 3, 4, 7, 8}) {
            assertEquals(one, rows(g, slots), slots + " slots");
        }
        assertTrue(one.contains("3 1650272401000000 13 1.5"), one.toString());
        assertTrue(one.contains("5 1650272449000000 495 49.5"), one.toString());

        // the file changes after the first read: line 2 (series 1's first row) loses a column; slot 0 of 2 owns it
        Files.writeString(csv, text.toString().replace("2022-04-18 09:00:00,1,1,0.5", "2022-04-18 09:00:00,1,1"));
        changedLineTwoIsNamedByItsOwner(g, "slots.csv", 50 * 3);
    }

    /** The file changed after the first read: slot 0 of 2, which owns line 2, names it; slot 1 reads its rows. */
    private static void changedLineTwoIsNamedByItsOwner(Generator g, String file, int othersRows) {
        Generator.RowSource mine = g.open(0, 2);
        io.dbharness.core.api.RowBatch batch = new io.dbharness.core.api.RowBatch(g.schema(), 1000);
        UsageException e = assertThrows(UsageException.class, () -> mine.fill(batch));
        assertTrue(e.getMessage().contains(file + " line 2 changed since the run started"), e.getMessage());
        Generator.RowSource others = g.open(1, 2);
        assertTrue(others.fill(batch), "the other slot's rows are unchanged");
        assertEquals(othersRows, batch.size());
    }

    /**
     * The same for line protocol, whose lines are told by their series text's bytes: escaped spaces and commas,
     * tags not ASCII, the tags of one series in two orders, a byte-order mark, comments, CRLF and blank lines.
     */
    @Test
    void everySlotCountReadsTheSameLineProtocolRowsAndAChangedLineIsNamed() throws Exception {
        String[] series = {"cpu,host=a\\ 1,dc=x", "cpu,dc=x,host=b", "cpu,host=ü\\,2,dc=x", "cpu,dc=y,host=c",
            "cpu,host=b,dc=x", "cpu,host=Zürich,dc=y", "cpu,dc=x,host=e"};
        StringBuilder text = new StringBuilder("\uFEFF# first line\r\n");
        for (int t = 0; t < 50; t++) {
            for (int s = 0; s < series.length; s++) {
                text.append(series[s]).append(" usage=").append(t * 10 + s).append("i,load=").append(t + 0.5)
                        .append(' ').append((t + 1) * 1_000_000_000L).append(t % 10 == 0 ? "\n\r\n# c\n" : "\r\n");
            }
        }
        Path lp = write("slots.lp", text.toString());
        Generator g = model("generator", "file", "generator-file-paths", lp.toString());
        assertEquals(6, g.seriesCount(), "host=b,dc=x is dc=x,host=b");
        assertEquals(350, g.plannedRows());
        List<String> one = rows(g, 1);
        assertEquals(350, one.size());
        for (int slots : new int[]{2, 3, 4, 6, 7, 8}) {
            assertEquals(one, rows(g, slots), slots + " slots");
        }
        assertTrue(one.contains("3 2000000 12 1.5"), one.toString());

        // series 1's first line changes after the first read (a field renamed); slot 0 of 2 owns it
        Files.writeString(lp, text.toString().replace("dc=x usage=0i", "dc=x used=0i"));
        changedLineTwoIsNamedByItsOwner(g, "slots.lp", 50 * 4); // series 2, 4, 6: b (written twice), c, e
    }

    /** What spreadsheets and editors write: a byte-order mark, CRLF line ends, quoted header names. */
    @Test
    void whatEditorsWriteIsRead() throws Exception {
        Path csv = write("bom.csv", "\uFEFF\"ts\",\"tag_id\",\"c 0\"\r\n2022-04-18T09:00:00Z,2,1.5\r\n");
        Generator g = model("generator", "file", "generator-file-paths", csv.toString());
        assertEquals("ts", g.schema().timeColumn());
        assertEquals(List.of("c 0"), g.schema().fieldNames());
        assertEquals(List.of("2 1650272400000000 1.5"), rows(g, 1));
        Path lp = write("bom.lp", "\uFEFFm,h=a v=1i 1000\r\n");
        Generator l = model("generator", "file", "generator-file-paths", lp.toString());
        assertEquals("m", l.schema().tableName(), "the mark is no part of the measurement");
        assertEquals(List.of("1 1 1"), rows(l, 1));
    }

    @Test
    void aLineThatDoesNotParseIsNamedBeforeTheRun() throws Exception {
        String[][] bad = {
                {"a.lp", "m,h=a v=1i 1000\nm,h=b v=2.5 2000\n", "a.lp line 2: field v is a float here and an integer before"},
                {"b.lp", "m,h=a v=1i 1000\n\nm,h=b v=2i\n", "b.lp line 3: no timestamp: every line needs one (nanoseconds)"},
                {"c.lp", "m,h=a v=1i 1000\nn,h=b v=2i 3000\n", "c.lp line 2: measurement n, the first line's is m"},
                {"d.lp", "m,h=a v=\"x\" 1\n", "d.lp line 1: field v is a string: only numbers are taken"},
                {"e.lp", "m,h=a v=1i 1000\nm,g=a v=1i 2000\n", "e.lp line 2: tags [g], the first line's are [h]"},
                {"f.lp", "m v=1i 1\n", "f.lp line 1: no tags: a series needs at least one"},
                {"g.csv", "ts,tag_id,c0\n2022-04-18 09:00:00,x,5\n", "g.csv line 2: series 'x' is not a whole number"},
                {"h.csv", "ts,tag_id,c0\n2022-04-18 09:00:00,1\n", "h.csv line 2: 2 columns, the header has 3"},
                {"i.csv", "ts,tag_id,c0\nyesterday,1,5\n", "i.csv line 2: time 'yesterday' is not yyyy-MM-dd HH:mm:ss"},
                {"j.csv", "ts,tag_id,c0\n2022-04-18 09:00:00,1,five\n", "j.csv line 2: value 'five' is not a number"},
                {"k.csv", "ts,tag_id,c0\n", ": no data lines"},
                {"l.csv", "ts,tag_id,c0,c0\n2022-04-18 09:00:00,1,5,6\n", "l.csv line 1: column 'c0' appears twice"},
                {"m.csv", "ts,tag_id,c0\n2022-04-18 09:00:00,1,99999999999999999999\n",
                        "m.csv line 2: integer 99999999999999999999 does not fit 64 bits"},
                {"n.csv", "ts,tag_id,c0\n2022-02-30 09:00:00,1,5\n", "n.csv line 2: time '2022-02-30 09:00:00' is not"},
                // two points a nanosecond apart would be one row: refused, not merged
                {"o.lp", "m,h=a v=1 1000000000\nm,h=a v=2 1000000001\n", "o.lp line 2: timestamp 1000000001 has"
                        + " nanoseconds below a microsecond; the harness keeps times in microseconds"},
                {"p.csv", "ts,tag_id,c0\n2022-04-18 09:00:00.123456789,1,5\n", "p.csv line 2: time"
                        + " '2022-04-18 09:00:00.123456789' has nanoseconds below a microsecond"},
                // InfluxDB refuses NaN and infinities; PostgreSQL stores them: one file, different rows
                {"q.lp", "m,h=a v=NaN 1000\n", "q.lp line 1: field v value 'NaN' is not a number InfluxDB takes"},
                {"r.lp", "m,h=a v=-Inf 1000\n", "r.lp line 1: field v value '-Inf' is not a number InfluxDB takes"},
                {"s.lp", "m,h=a v=0x1p3 1000\n", "s.lp line 1: field v value '0x1p3' is not a number"},
                {"t.lp", "m,h=a v=1e999 1000\n", "t.lp line 1: field v value '1e999' is beyond a 64-bit float"},
                {"u.lp", "m,h=a v=9223372036854775808i 1000\n",
                        "u.lp line 1: field v value '9223372036854775808i' is outside the signed 64-bit range"},
                {"v.csv", "ts,tag_id,c0\n2022-04-18 09:00:00,1,NaN\n", "v.csv line 2: value 'NaN' is not a finite number"},
                {"w.csv", "ts,tag_id,c0\n2022-04-18 09:00:00,1,-Infinity\n",
                        "w.csv line 2: value '-Infinity' is not a finite number"}};
        for (String[] b : bad) {
            Path p = write(b[0], b[1]);
            UsageException e = assertThrows(UsageException.class, () -> model("generator", "file", "generator-file-paths",
                    p.toString()));
            assertTrue(e.getMessage().startsWith("--generator-file-paths ") && e.getMessage().contains(b[2]),
                    b[0] + ": " + e.getMessage());
            assertEquals(1, e.getMessage().lines().count());
        }
        Path ok = write("ok.csv", "ts,tag_id,c0\n2022-04-18 09:00:00,1,5\n");
        UsageException range = assertThrows(UsageException.class, () -> model("generator", "file", "generator-file-paths",
                ok.toString(), "ts-start", "2030-01-01 00:00:00"));
        assertEquals("--ts-start sets a generated model's time range; --generator file takes the times of the files'"
                + " rows: drop --ts-start", range.getMessage());
        UsageException none = assertThrows(UsageException.class, () -> model("generator", "file"));
        assertEquals("--generator file reads your rows from files: give them with --generator-file-paths FILE[,FILE...]",
                none.getMessage());
        UsageException absent = assertThrows(UsageException.class, () -> model("generator", "file", "generator-file-paths",
                dir.resolve("absent.lp").toString()));
        assertTrue(absent.getMessage().endsWith("absent.lp does not exist)"), absent.getMessage());
    }

    @Test
    @Timeout(60)
    void aGzipFileIsSaidToBeCompressedNotToBeOtherText() throws Exception {
        Path gz = dir.resolve("rows.csv.gz");
        try (var out = new java.util.zip.GZIPOutputStream(Files.newOutputStream(gz))) {
            out.write("ts,tag_id,c0\n2022-04-18 09:00:00,1,5\n".getBytes(StandardCharsets.UTF_8));
        }
        UsageException e = assertThrows(UsageException.class, () -> model("generator", "file", "generator-file-paths",
                gz.toString()));
        assertEquals("--generator-file-paths " + gz + " is gzip-compressed (it starts with the bytes 1f 8b): decompress"
                + " it first (gunzip -k FILE) and give the decompressed file", e.getMessage());
    }

    @Test
    @Timeout(60)
    void bytesThatAreNotUtf8AreNamedByLineAndByteOffset() throws Exception {
        // a Latin-1 e-acute on line 3, after the header's 13 bytes and a row's 24
        Path latin1 = dir.resolve("latin1.csv");
        Files.write(latin1, "ts,tag_id,c0\n2022-04-18 09:00:00,1,5\ncaf\u00e9\n".getBytes(StandardCharsets.ISO_8859_1));
        UsageException e = assertThrows(UsageException.class, () -> model("generator", "file", "generator-file-paths",
                latin1.toString()));
        assertEquals("--generator-file-paths " + latin1 + " line 3, byte offset 40 (0xE9): not UTF-8 text; convert it"
                + " (iconv -f LATIN1 -t UTF-8 FILE, for a Latin-1 file)", e.getMessage());
        // far past the reader's first buffer: 20,000 good lines, then a stray byte
        StringBuilder lines = new StringBuilder();
        for (int i = 1; i <= 20_000; i++) {
            lines.append("m,h=a v=1i ").append(i).append("000\n");
        }
        long offset = lines.length() + "m,h=a v=1i 20001000".length();
        Path stray = dir.resolve("stray.lp");
        byte[] good = lines.toString().getBytes(StandardCharsets.UTF_8);
        byte[] bad = "m,h=a v=1i 20001000\u00ff\n".getBytes(StandardCharsets.ISO_8859_1);
        byte[] all = java.util.Arrays.copyOf(good, good.length + bad.length);
        System.arraycopy(bad, 0, all, good.length, bad.length);
        Files.write(stray, all);
        UsageException far = assertThrows(UsageException.class, () -> model("generator", "file", "generator-file-paths",
                stray.toString()));
        assertTrue(far.getMessage().startsWith("--generator-file-paths " + stray + " line 20001, byte offset " + offset
                + " (0xFF): not UTF-8 text"), far.getMessage());
    }

    /**
     * Line-protocol files of several measurements (as bulk_load_influx splits a devops stream): a table per
     * measurement, its files read in the order given, every part counted in the model's rows.
     */
    @Test
    void filesOfSeveralMeasurementsAreATableEach() throws Exception {
        Path cpu1 = write("cpu-1.lp", "cpu,host=a usage=1i 1000\ncpu,host=b usage=2i 1000\n");
        Path mem = write("mem.lp", "# a comment first\nmem,host=a,kind=x used=0.5 2000\n");
        Path cpu2 = write("cpu-2.lp", "cpu,host=a usage=3i 3000\n");
        Generator g = model("generator", "file", "generator-file-paths", cpu1 + "," + mem + "," + cpu2);
        assertEquals(List.of("cpu", "mem"), g.parts().stream().map(p -> p.schema().tableName()).toList());
        assertEquals("cpu", g.schema().tableName(), "the first part's table is the model's");
        assertEquals(4, g.plannedRows());
        assertEquals(List.of("1 1 1", "1 3 3", "2 1 2"), rows(g.parts().get(0), 2));
        assertEquals(List.of("1 2 0.5"), rows(g.parts().get(1), 1));
        assertEquals(List.of("host", "kind"), g.parts().get(1).schema().tags().names());
        assertEquals(1, g.startMicros());
        assertEquals(4, g.endMicros());
        assertEquals("cpu,mem", g.describe().get("measurements"));

        UsageException named = assertThrows(UsageException.class, () -> model("generator", "file",
                "generator-file-paths", cpu1 + "," + mem, "table-name", "t"));
        assertEquals("--table-name names the one table of a file's rows, and these files hold 2 measurements (cpu, mem),"
                + " a table each: drop --table-name", named.getMessage());
        // one file of two measurements stays an error naming the line
        Path mixed = write("mixed.lp", "cpu,host=a usage=1i 1000\nmem,host=a used=1i 1000\n");
        UsageException e = assertThrows(UsageException.class, () -> model("generator", "file",
                "generator-file-paths", mixed.toString()));
        assertTrue(e.getMessage().contains("mixed.lp line 2: measurement mem, the first line's is cpu (one measurement"
                + " per file)"), e.getMessage());
    }
}
