package io.dbharness.local;

import io.dbharness.core.api.UsageException;
import io.dbharness.core.engine.Harness;
import io.dbharness.core.engine.RunSpec;
import io.dbharness.core.result.RunResult;
import io.dbharness.postgres.EmbeddedPostgres;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import org.postgresql.PGConnection;

import java.io.InputStream;
import java.nio.ByteBuffer;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.Statement;
import java.time.LocalDateTime;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The file target's four formats, byte by byte and against a real database: the exact first lines for the seed
 * and flags, counts and sizes, the PGCOPY header and trailer, COPY text, COPY binary and CSV loaded into embedded
 * PostgreSQL with {@code COPY ... FROM} giving exactly the rows the postgres target writes with the same flags,
 * line protocol parsed back to those rows, {@code --append} and the refusal to overwrite.
 */
class FileTargetTest {

    @TempDir
    static Path dir;

    /** The data of the byte-exact checks: 20 devices x 10 s, mxbench's defaults otherwise (90% of values empty). */
    private static final Map<String, Object> SMALL = Map.of("tag-num", 20, "total-metrics-count", 5,
            "ts-end", "2022-04-18 09:00:10");

    /** Data that exercises each encoding's paths: the JSON column past --max-columns, integers, float4, late rows. */
    private static final Map<String, Map<String, Object>> DATA = new LinkedHashMap<>();

    static {
        DATA.put("float8_ext", with(SMALL, "max-columns", 3));
        DATA.put("int8_late", with(SMALL, "metrics-type", "int8", "generator-randomness", "L",
                "generator-disorder-ratio", 10, "generator-empty-value-ratio", 20));
        DATA.put("float4_ext", with(SMALL, "metrics-type", "float4", "generator-randomness", "M", "max-columns", 2,
                "generator-empty-value-ratio", 50));
    }

    private static Map<String, Object> with(Map<String, Object> base, Object... more) {
        Map<String, Object> m = new LinkedHashMap<>(base);
        for (int i = 0; i < more.length; i += 2) {
            m.put((String) more[i], more[i + 1]);
        }
        return m;
    }

    private static RunSpec.Builder spec(String target, Map<String, Object> data) {
        RunSpec.Builder b = RunSpec.builder().target(target).workload("iot-insert").environment(Map.of())
                .option("verify", true).option("no-watch", true);
        data.forEach(b::option);
        return b;
    }

    /** iot-insert into the file target; one worker unless {@code data} says otherwise, so the row order is fixed. */
    private static RunResult file(Path out, String format, Map<String, Object> data, Object... more) throws Exception {
        Map<String, Object> options = new LinkedHashMap<>(Map.of("workers", 1));
        options.putAll(with(data, more));
        return Harness.run(spec("file", options).option("output", out.toString()).option("format", format).build());
    }

    /** A directory is no output file, with or without --clean (which must not touch it). */
    @Test
    void aDirectoryIsRefusedAsOutput() throws Exception {
        Path d = Files.createDirectories(dir.resolve("a-directory"));
        Files.writeString(d.resolve("keep.txt"), "mine");
        for (boolean clean : new boolean[] {false, true}) {
            io.dbharness.core.api.UsageException e = assertThrows(io.dbharness.core.api.UsageException.class,
                    () -> file(d, "csv", with(SMALL, "clean", clean)));
            assertEquals("--output " + d + " is a directory; give the path of a file", e.getMessage());
        }
        assertEquals("mine", Files.readString(d.resolve("keep.txt")));
    }

    /**
     * One file holds one table: a model of several (TSBS's devops use case) is refused before the file is opened,
     * so a file that is there keeps what it holds, even with --clean.
     */
    @Test
    void aModelOfSeveralTablesIsRefusedBeforeTheFileIsTouched() throws Exception {
        Path out = Files.writeString(dir.resolve("devops.csv"), "precious\n");
        io.dbharness.core.api.UsageException e = assertThrows(io.dbharness.core.api.UsageException.class,
                () -> file(out, "csv", Map.of("generator", "devops", "use-case", "devops", "scale", 2,
                        "ts-end", "2016-01-01 00:00:20", "clean", true)));
        assertEquals("file writes one table, and this model writes 9 (cpu, diskio, disk, kernel, mem, net, nginx,"
                + " postgresl, redis): use a database target, or a model of one table (--use-case cpu-only)", e.getMessage());
        assertEquals("precious\n", Files.readString(out));
        Path fresh = dir.resolve("never-written.csv");
        assertThrows(io.dbharness.core.api.UsageException.class, () -> file(fresh, "csv", Map.of("generator", "devops",
                "use-case", "devops", "scale", 2, "ts-end", "2016-01-01 00:00:20")));
        assertFalse(Files.exists(fresh), "no empty file left behind");
    }

    /**
     * Line protocol names its measurement on every line: one file holds a model of several tables (what
     * bulk_data_gen streams), each table's lines counted back on their own, also after --append.
     */
    @Test
    void lineProtocolHoldsAModelOfSeveralTables() throws Exception {
        Path out = dir.resolve("devops.lp");
        Map<String, Object> devops = Map.of("generator", "devops", "use-case", "devops", "scale", 3,
                "ts-end", "2016-01-01 00:01:00", "workers", 2);
        RunResult r = file(out, "line-protocol", devops);
        assertEquals("PASSED", r.verification().status(), r.verification().message());
        assertEquals(9 * 3 * 6, r.totals().counts().rows());
        List<String> lines = Files.readAllLines(out);
        assertEquals(9 * 3 * 6, lines.size());
        for (String m : List.of("cpu", "diskio", "disk", "kernel", "mem", "net", "nginx", "postgresl", "redis")) {
            assertEquals(3 * 6, lines.stream().filter(l -> l.startsWith(m + ",")).count(), m);
        }
        RunResult again = file(out, "line-protocol", with(devops, "append", true));
        assertEquals("PASSED", again.verification().status(), again.verification().message());
        assertEquals(2 * 9 * 3 * 6, Files.readAllLines(out).size());
    }

    // --- the bytes

    @Test
    void csvFirstLinesCountsAndSize() throws Exception {
        Path out = dir.resolve("small.csv");
        RunResult r = file(out, "csv", SMALL);
        List<String> lines = Files.readAllLines(out);
        assertEquals(List.of("ts,tag_id,c0,c1,c2,c3,c4",
                "2022-04-18 09:00:00,1,,,,,",
                "2022-04-18 09:00:00,2,,,40.06,,",
                "2022-04-18 09:00:00,3,,,,920.39,"), lines.subList(0, 4));
        assertEquals(201, lines.size());
        assertEquals(200, r.totals().counts().rows());
        // the bytes counted are the rows'; the header is the stream's
        assertEquals(Files.size(out), r.totals().counts().bytes() + "ts,tag_id,c0,c1,c2,c3,c4\n".length());
        assertEquals("PASSED", r.verification().status());
        assertEquals("200 rows in table telematics as reported", r.verification().message());
    }

    @Test
    void copyTextFirstLinesCountsAndSize() throws Exception {
        Path out = dir.resolve("small.txt");
        RunResult r = file(out, "copy-text", SMALL);
        List<String> lines = Files.readAllLines(out);
        assertEquals(List.of("2022-04-18 09:00:00\t1\t\\N\t\\N\t\\N\t\\N\t\\N",
                "2022-04-18 09:00:00\t2\t\\N\t\\N\t40.06\t\\N\t\\N",
                "2022-04-18 09:00:00\t3\t\\N\t\\N\t\\N\t920.39\t\\N"), lines.subList(0, 3));
        assertEquals("2022-04-18 09:00:09\t20", lines.get(199).substring(0, 22));
        assertEquals(200, lines.size());
        assertEquals(Files.size(out), r.totals().counts().bytes());
        assertEquals("200 rows in table telematics as reported", r.verification().message());
    }

    /** Line protocol leaves out the rows without a value (118 of 200 here), and counts them as skipped. */
    @Test
    void lineProtocolFirstLinesCountsAndSize() throws Exception {
        Path out = dir.resolve("small.lp");
        RunResult r = file(out, "line-protocol", SMALL);
        List<String> lines = Files.readAllLines(out);
        assertEquals(List.of("telematics,tag_id=2 c2=40.06 1650272400000000000",
                "telematics,tag_id=3 c3=920.39 1650272400000000000"), lines.subList(0, 2));
        assertEquals(82, lines.size());
        assertEquals(82, r.totals().counts().rows());
        assertEquals(118, r.totals().counts().skippedRows());
        assertEquals(Files.size(out), r.totals().counts().bytes());
        assertEquals("82 rows in table telematics as reported", r.verification().message());
        assertEquals(0, r.exitCode());
    }

    /** PGCOPY signature, flags and header extension, then the tuples, then the trailer -1; a binary file is not counted. */
    @Test
    void copyBinaryHeaderFirstTupleAndTrailer() throws Exception {
        Path out = dir.resolve("small.bin");
        RunResult r = file(out, "copy-binary", SMALL);
        byte[] bytes = Files.readAllBytes(out);
        byte[] header = {'P', 'G', 'C', 'O', 'P', 'Y', '\n', (byte) 0xff, '\r', '\n', 0, 0, 0, 0, 0, 0, 0, 0, 0};
        assertArrayEquals(header, Arrays.copyOf(bytes, header.length));
        assertArrayEquals(new byte[] {(byte) 0xff, (byte) 0xff}, Arrays.copyOfRange(bytes, bytes.length - 2, bytes.length));
        assertEquals(bytes.length, header.length + r.totals().counts().bytes() + 2);
        // the first row: 7 fields; ts in microseconds since 2000-01-01 (8 bytes), tag 1 (4 bytes), five NULLs (-1)
        ByteBuffer first = ByteBuffer.wrap(bytes, header.length, bytes.length - header.length);
        assertEquals(7, first.getShort());
        assertEquals(8, first.getInt());
        long micros = (LocalDateTime.parse("2022-04-18T09:00:00").toEpochSecond(ZoneOffset.UTC)
                - LocalDateTime.parse("2000-01-01T00:00:00").toEpochSecond(ZoneOffset.UTC)) * 1_000_000L;
        assertEquals(micros, first.getLong());
        assertEquals(4, first.getInt());
        assertEquals(1, first.getInt());
        for (int i = 0; i < 5; i++) {
            assertEquals(-1, first.getInt());
        }
        assertEquals(7, first.getShort(), "the second row begins");
        assertEquals(200, r.totals().counts().rows());
        assertEquals("SKIPPED", r.verification().status());
        assertEquals("target 'file' cannot count rows", r.verification().message());
    }

    // --- the rows, against PostgreSQL

    private static Connection connect() throws Exception {
        return DriverManager.getConnection(EmbeddedPostgres.shared().url(), "postgres", "");
    }

    private static final Map<String, String> direct = new HashMap<>();

    /** The table the postgres target writes with {@code data}'s flags, once per data set. */
    private static synchronized String direct(String name) throws Exception {
        if (!direct.containsKey(name)) {
            String table = "direct_" + name;
            RunResult r = Harness.run(spec("postgres", DATA.get(name)).option("host", "localhost")
                    .option("port", EmbeddedPostgres.shared().port()).option("user", "postgres").option("database", "postgres")
                    .option("table-name", table).option("clean", true).build());
            assertEquals("PASSED", r.verification().status(), r.verification().message());
            direct.put(name, table);
        }
        return direct.get(name);
    }

    /** Row count and an MD5 over every row's text in key order: equal digests, equal rows and values. */
    private static String digest(String table) throws Exception {
        try (Connection c = connect(); Statement st = c.createStatement(); ResultSet rs = st.executeQuery(
                "SELECT count(*) || ' rows, md5 ' || md5(string_agg(t::text, E'\\n' ORDER BY tag_id, ts)) FROM " + table + " t")) {
            rs.next();
            return rs.getString(1);
        }
    }

    static Stream<Arguments> loadableFormats() {
        List<Arguments> args = new ArrayList<>();
        for (String data : DATA.keySet()) {
            args.add(Arguments.of("copy-text", "(FORMAT text)", data));
            args.add(Arguments.of("copy-binary", "(FORMAT binary)", data));
            args.add(Arguments.of("csv", "(FORMAT csv, HEADER)", data));
        }
        return args.stream();
    }

    /** Two workers appending batches to one file: COPY would reject a row cut by another's. */
    @org.junit.jupiter.api.Tag("server")
    @ParameterizedTest(name = "{0} {2}")
    @MethodSource("loadableFormats")
    void copyFromTheFileGivesThePostgresTargetsRows(String format, String copyOptions, String data) throws Exception {
        String expected = digest(direct(data));
        assertTrue(expected.startsWith("200 rows, md5 "), expected);
        Path out = dir.resolve(data + "." + format);
        RunResult r = file(out, format, DATA.get(data), "workers", 2);
        assertEquals(200, r.totals().counts().rows());
        String loaded = "loaded_" + data + "_" + format.replace('-', '_');
        try (Connection c = connect(); Statement st = c.createStatement(); InputStream in = Files.newInputStream(out)) {
            st.execute("DROP TABLE IF EXISTS " + loaded + "; CREATE TABLE " + loaded + " (LIKE " + direct(data) + ")");
            long copied = c.unwrap(PGConnection.class).getCopyAPI().copyIn("COPY " + loaded + " FROM STDIN " + copyOptions, in);
            assertEquals(200, copied);
        }
        assertEquals(expected, digest(loaded));
    }

    /** {@code telematics,tag_id=T c0=V,c3=Vi NS}: one line per row with a value, its metrics as fields. */
    private static final Pattern LINE = Pattern.compile("telematics,tag_id=(\\d+) ((?:c\\d+=[-0-9.Ee]+i?,?)+) (\\d+)");

    /** Each row with a value as "tag ns {cN=value...}", values normalised to a long or a double. */
    private static List<String> parseLineProtocol(Path file) throws Exception {
        List<String> rows = new ArrayList<>();
        for (String line : Files.readAllLines(file)) {
            Matcher m = LINE.matcher(line);
            assertTrue(m.matches(), line);
            Map<String, String> fields = new TreeMap<>();
            for (String f : m.group(2).split(",")) {
                String[] kv = f.split("=");
                fields.put(kv[0], kv[1].endsWith("i") ? Long.toString(Long.parseLong(kv[1].substring(0, kv[1].length() - 1)))
                        : Double.toString(Double.parseDouble(kv[1])));
            }
            rows.add(m.group(1) + " " + m.group(3) + " " + fields);
        }
        rows.sort(null);
        return rows;
    }

    /** The same from the postgres target's table: every metric column, and the JSON column's metrics. */
    private static List<String> postgresRows(String table, Map<String, Object> data) throws Exception {
        int metrics = (Integer) data.get("total-metrics-count");
        int columns = (Integer) data.getOrDefault("max-columns", metrics);
        boolean integral = String.valueOf(data.get("metrics-type")).startsWith("int");
        StringBuilder select = new StringBuilder("SELECT tag_id, (extract(epoch FROM ts) * 1000000)::bigint * 1000");
        for (int m = 0; m < metrics; m++) {
            select.append(m < columns ? ", c" + m + "::text" : ", ext->>'c" + m + "'");
        }
        List<String> rows = new ArrayList<>();
        try (Connection c = connect(); Statement st = c.createStatement(); ResultSet rs = st.executeQuery(select + " FROM " + table)) {
            while (rs.next()) {
                Map<String, String> fields = new TreeMap<>();
                for (int m = 0; m < metrics; m++) {
                    String v = rs.getString(3 + m);
                    if (v != null) {
                        fields.put("c" + m, integral ? Long.toString(Long.parseLong(v)) : Double.toString(Double.parseDouble(v)));
                    }
                }
                if (!fields.isEmpty()) { // line protocol cannot carry a row without a value
                    rows.add(rs.getLong(1) + " " + rs.getLong(2) + " " + fields);
                }
            }
        }
        rows.sort(null);
        return rows;
    }

    @org.junit.jupiter.api.Tag("server")
    @ParameterizedTest
    @MethodSource("dataSets")
    void lineProtocolParsesBackToThePostgresTargetsRows(String data) throws Exception {
        Path out = dir.resolve(data + ".lp");
        RunResult r = file(out, "line-protocol", DATA.get(data), "workers", 2);
        List<String> expected = postgresRows(direct(data), DATA.get(data));
        List<String> parsed = parseLineProtocol(out);
        assertEquals(expected, parsed);
        assertEquals(expected.size(), r.totals().counts().rows());
        assertEquals(200 - expected.size(), r.totals().counts().skippedRows());
        assertEquals("PASSED", r.verification().status(), r.verification().message());
    }

    static Stream<String> dataSets() {
        return DATA.keySet().stream();
    }

    // --- append, clean and the refusal to overwrite

    private static final Map<String, Object> LATER = with(SMALL, "ts-start", "2022-04-18 10:00:00", "ts-end", "2022-04-18 10:00:10");

    /** Two runs into one file hold both runs' rows: the file is the first run's followed by the second's. */
    @ParameterizedTest
    @MethodSource("textFormats")
    void appendAddsTheSecondRunsRows(String format) throws Exception {
        Path first = dir.resolve("first." + format);
        Path second = dir.resolve("second." + format);
        Path both = dir.resolve("both." + format);
        file(first, format, SMALL);
        file(second, format, LATER);
        file(both, format, SMALL);
        RunResult r = file(both, format, LATER, "append", true);
        String secondRows = Files.readString(second);
        if (format.equals("csv")) { // one header, the first run's
            secondRows = secondRows.substring(secondRows.indexOf('\n') + 1);
        }
        assertEquals(Files.readString(first) + secondRows, Files.readString(both));
        long rows = r.totals().counts().rows();
        assertEquals(String.format("%d rows in table telematics as reported (%d before the run + %d written)", 2 * rows, rows, rows),
                r.verification().message());
        assertEquals(0, r.exitCode());
    }

    static Stream<String> textFormats() {
        return Stream.of("csv", "copy-text", "line-protocol");
    }

    /** A COPY binary file is one stream with one header and trailer: appending is refused, the file left as it was. */
    @Test
    void appendToCopyBinaryIsRefused() throws Exception {
        Path out = dir.resolve("append.bin");
        file(out, "copy-binary", SMALL);
        byte[] before = Files.readAllBytes(out);
        UsageException e = assertThrows(UsageException.class, () -> file(out, "copy-binary", LATER, "append", true));
        assertEquals("cannot --append to a copy-binary file: it is one stream with one header", e.getMessage());
        assertArrayEquals(before, Files.readAllBytes(out));
    }

    /** The CSV header says what the rows are: rows of other flags are not appended under it. */
    @Test
    void appendToACsvOfOtherColumnsIsRefused() throws Exception {
        Path out = dir.resolve("columns.csv");
        file(out, "csv", SMALL);
        byte[] before = Files.readAllBytes(out);
        UsageException e = assertThrows(UsageException.class,
                () -> file(out, "csv", with(LATER, "total-metrics-count", 3), "append", true));
        assertEquals("output file " + out + " holds the columns ts,tag_id,c0,c1,c2,c3,c4, not this run's ts,tag_id,c0,c1,c2;"
                + " give the flags it was written with, or use --clean to overwrite it", e.getMessage());
        assertArrayEquals(before, Files.readAllBytes(out));
    }

    /** Without --append or --clean a second run is refused and the file kept; with --clean it is the second run's. */
    @ParameterizedTest
    @MethodSource("allFormats")
    void aSecondRunNeedsAppendOrClean(String format) throws Exception {
        Path out = dir.resolve("again." + format);
        Path fresh = dir.resolve("fresh." + format);
        file(out, format, SMALL);
        file(fresh, format, LATER);
        byte[] before = Files.readAllBytes(out);
        UsageException e = assertThrows(UsageException.class, () -> file(out, format, LATER));
        assertEquals("output file " + out + " already exists and is not empty; use --append to add to it or --clean to overwrite it",
                e.getMessage());
        assertArrayEquals(before, Files.readAllBytes(out));
        file(out, format, LATER, "clean", true);
        assertArrayEquals(Files.readAllBytes(fresh), Files.readAllBytes(out));
    }

    static Stream<String> allFormats() {
        return Stream.of("csv", "copy-text", "copy-binary", "line-protocol");
    }
}
