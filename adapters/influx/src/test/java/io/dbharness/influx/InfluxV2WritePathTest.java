package io.dbharness.influx;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import io.dbharness.core.api.BatchWriter;
import io.dbharness.core.api.MetricType;
import io.dbharness.core.api.RowBatch;
import io.dbharness.core.api.SeriesSchema;
import io.dbharness.core.api.TargetAdapter;
import io.dbharness.core.api.TargetException;
import io.dbharness.core.api.TimeSeriesIngest;
import io.dbharness.core.api.WriteResult;
import io.dbharness.core.config.OptionDef;
import io.dbharness.core.config.RunOptions;
import io.dbharness.core.config.Settings;
import io.dbharness.core.encode.LinePrecision;
import io.dbharness.iot.IotOptions;
import io.dbharness.iot.TelematicsGenerator;
import io.dbharness.questdb.EmbeddedQuestDbFixture;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

import java.io.IOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.URI;
import java.net.URLDecoder;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.LocalDateTime;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The influx target's v2 write path ({@code POST /api/v2/write?org=&bucket=&precision=} with
 * {@code Authorization: Token ...}) against embedded QuestDB, which implements that endpoint.
 *
 * <p>QuestDB has no {@code /api/v2/buckets} or {@code /api/v2/orgs}, so the target could not get past its
 * credential check against QuestDB alone. A small front on loopback stands in for those: it answers
 * {@code /ping} as InfluxDB 2.7 does and lists the bucket, and forwards every {@code /api/v2/write} to QuestDB
 * untouched (query, content type, body), answering with QuestDB's own status and body. So the target is built
 * by {@link InfluxTargetProvider#open} exactly as for a real InfluxDB 2, its {@code LineWriter} posts the real
 * bytes, QuestDB stores (or refuses) them, and the front records each write's request line and
 * {@code Authorization} header. The rows are read back over QuestDB's PostgreSQL wire.
 */
@org.junit.jupiter.api.Tag("server")
class InfluxV2WritePathTest {

    private static final long T0 = 1_650_272_400_000_000L; // 2022-04-18 09:00:00 UTC
    private static final String ORG = "acme org";
    private static final String BUCKET = "bench/v2";
    private static final String TOKEN = "v2-token-s3cr3t";

    private static HttpServer front;
    private static final HttpClient FORWARD = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).build();
    private static final List<Recorded> WRITES = new CopyOnWriteArrayList<>();

    /** One write the front forwarded: path, decoded query parameters, Authorization header, QuestDB's status. */
    private record Recorded(String path, Map<String, String> query, String authorization, int status) {
    }

    @BeforeAll
    static void start() throws Exception {
        String questDb = EmbeddedQuestDbFixture.httpUrl();
        front = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
        front.createContext("/ping", x -> {
            x.getResponseHeaders().add("X-Influxdb-Version", "v2.7.11");
            x.sendResponseHeaders(204, -1);
            x.close();
        });
        front.createContext("/api/v2/buckets", x -> reply(x, 200, "application/json",
                "{\"buckets\":[{\"id\":\"0123456789abcdef\",\"name\":\"" + BUCKET.replace("/", "\\/") + "\"}]}"));
        front.createContext("/api/v2/write", x -> forward(x, questDb));
        front.start();
    }

    @AfterAll
    static void stop() {
        if (front != null) {
            front.stop(0);
        }
    }

    @BeforeEach
    void clearRecorded() {
        WRITES.clear();
    }

    private static void forward(HttpExchange x, String questDb) throws IOException {
        try {
            byte[] body = x.getRequestBody().readAllBytes();
            URI uri = x.getRequestURI();
            HttpRequest.Builder b = HttpRequest.newBuilder(URI.create(questDb + uri.getRawPath()
                    + (uri.getRawQuery() == null ? "" : "?" + uri.getRawQuery())));
            for (String h : new String[] {"Content-Type", "Content-Encoding"}) {
                String v = x.getRequestHeaders().getFirst(h);
                if (v != null) {
                    b.header(h, v);
                }
            }
            HttpResponse<String> r = FORWARD.send(b.POST(HttpRequest.BodyPublishers.ofByteArray(body)).build(),
                    HttpResponse.BodyHandlers.ofString());
            WRITES.add(new Recorded(uri.getRawPath(), query(uri.getRawQuery()),
                    x.getRequestHeaders().getFirst("Authorization"), r.statusCode()));
            reply(x, r.statusCode(), r.headers().firstValue("Content-Type").orElse("text/plain"), r.body());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            reply(x, 502, "text/plain", "interrupted");
        }
    }

    private static void reply(HttpExchange x, int status, String contentType, String body) throws IOException {
        if (status == 204 || body.isEmpty()) {
            x.sendResponseHeaders(status, -1);
        } else {
            byte[] b = body.getBytes(StandardCharsets.UTF_8);
            x.getResponseHeaders().add("Content-Type", contentType);
            x.sendResponseHeaders(status, b.length);
            x.getResponseBody().write(b);
        }
        x.close();
    }

    private static Map<String, String> query(String raw) {
        Map<String, String> q = new LinkedHashMap<>();
        if (raw != null) {
            for (String kv : raw.split("&")) {
                int eq = kv.indexOf('=');
                q.put(URLDecoder.decode(kv.substring(0, eq), StandardCharsets.UTF_8),
                        URLDecoder.decode(kv.substring(eq + 1), StandardCharsets.UTF_8));
            }
        }
        return q;
    }

    /** The influx target with {@code --influx-api v2}, opened by its provider against the front. */
    private static TargetAdapter openV2(Map<String, String> more) throws TargetException {
        Map<String, String> options = new HashMap<>(more);
        options.put("influx-url", "http://127.0.0.1:" + front.getAddress().getPort());
        options.put("influx-api", "v2");
        options.put("org", ORG);
        options.put("bucket", BUCKET);
        InfluxTargetProvider p = new InfluxTargetProvider();
        return p.open(Settings.resolve(p.options(), options, Map.of("INFLUX_TOKEN", TOKEN)));
    }

    private static Connection pg() throws SQLException {
        return DriverManager.getConnection(EmbeddedQuestDbFixture.jdbcUrl(), "admin", "quest");
    }

    /** The table as the questdb target lays it out: designated {@code ts}, tag as SYMBOL, one column per metric. */
    private static void createTable(String table, String metricType, int metrics) throws SQLException {
        StringBuilder sql = new StringBuilder("CREATE TABLE \"" + table + "\" (ts TIMESTAMP, tag_id SYMBOL");
        for (int m = 0; m < metrics; m++) {
            sql.append(", ").append(SeriesSchema.metricName(m)).append(' ').append(metricType);
        }
        sql.append(") TIMESTAMP(ts) PARTITION BY DAY WAL");
        try (Connection c = pg(); Statement st = c.createStatement()) {
            st.execute("DROP TABLE IF EXISTS \"" + table + "\"");
            st.execute(sql.toString());
        }
    }

    /** Waits until QuestDB has applied the table's WAL, so counts see every accepted write. */
    private static void awaitApplied(Connection c, String table) throws Exception {
        long deadline = System.nanoTime() + 30_000_000_000L;
        try (Statement st = c.createStatement()) {
            while (true) {
                try (ResultSet rs = st.executeQuery("SELECT name, suspended, writerTxn, sequencerTxn FROM wal_tables()")) {
                    boolean pending = false;
                    while (rs.next()) {
                        if (rs.getString(1).equalsIgnoreCase(table)) {
                            assertFalse(rs.getBoolean(2), "QuestDB suspended " + table);
                            pending = rs.getLong(3) < rs.getLong(4);
                        }
                    }
                    if (!pending) {
                        return;
                    }
                }
                assertTrue(System.nanoTime() < deadline, "WAL of " + table + " not applied in 30 s");
                Thread.sleep(20);
            }
        }
    }

    private static long micros(LocalDateTime ts) {
        return ts.toEpochSecond(ZoneOffset.UTC) * 1_000_000L + ts.getNano() / 1000;
    }

    private static void assertV2Writes(LinePrecision precision) {
        assertFalse(WRITES.isEmpty(), "nothing was posted");
        for (Recorded w : WRITES) {
            assertEquals("/api/v2/write", w.path());
            assertEquals(Map.of("org", ORG, "bucket", BUCKET, "precision", precision.v2Name()), w.query());
            assertEquals("Token " + TOKEN, w.authorization());
        }
    }

    @Test
    void generatedBatchesArriveCompleteInSlicesWithTheirValues() throws Exception {
        List<OptionDef> defs = new ArrayList<>(IotOptions.OPTIONS);
        defs.addAll(RunOptions.OPTIONS);
        IotOptions iot = IotOptions.from(Settings.resolve(defs, Map.of("table-name", "v2_generated", "tag-num", "300",
                "total-metrics-count", "10", "ts-end", "2022-04-18 09:00:10", "write-batch-rows", "1000",
                "generator-randomness", "M"), Map.of()));
        SeriesSchema schema = iot.schema();
        createTable(schema.tableName(), "DOUBLE", schema.metricCount());

        TelematicsGenerator gen = new TelematicsGenerator(iot, 0, 1);
        long written = 0;
        long skipped = 0;
        long c0Count = 0;
        double c0Sum = 0;
        long[] firstRow = null; // ts, tag of the first row with c0 present
        double firstC0 = 0;
        int expectedPosts = 0;
        try (TargetAdapter t = openV2(Map.of("batch-lines", "300"));
             BatchWriter w = t.capability(TimeSeriesIngest.class).orElseThrow().openWriter(schema)) {
            assertEquals("v2", t.describe().settings().get("api"));
            RowBatch b = new RowBatch(schema.metricType(), schema.metricCount(), iot.writeBatchRows());
            boolean more = true;
            while (more) {
                b.clear();
                more = gen.fill(b);
                if (b.size() == 0) {
                    continue;
                }
                for (int r = 0; r < b.size(); r++) {
                    int i = r * b.metricCount();
                    if (b.present()[i]) {
                        c0Count++;
                        c0Sum += b.doubles()[i];
                        if (firstRow == null) {
                            firstRow = new long[] {b.tsMicros()[r], b.tagIds()[r]};
                            firstC0 = b.doubles()[i];
                        }
                    }
                }
                WriteResult res = w.write(b);
                assertEquals(b.size(), res.rowsWritten() + res.rowsSkipped());
                written += res.rowsWritten();
                skipped += res.rowsSkipped();
                expectedPosts += (int) ((res.rowsWritten() + 299) / 300);
            }
        }
        assertEquals(3_000, written + skipped);
        assertTrue(skipped > 0 && written > 0, "90% empty values over 10 metrics leave some rows without fields");
        assertEquals(expectedPosts, WRITES.size(), "each batch cut into posts of at most --batch-lines lines");
        assertTrue(WRITES.size() > 3, "more posts than batches");
        assertV2Writes(LinePrecision.S); // auto: whole seconds go as s

        try (Connection c = pg(); Statement st = c.createStatement()) {
            awaitApplied(c, schema.tableName());
            try (ResultSet rs = st.executeQuery("SELECT count(), count(c0), sum(c0) FROM v2_generated")) {
                assertTrue(rs.next());
                assertEquals(written, rs.getLong(1), "every row the writer reported is in QuestDB");
                assertEquals(c0Count, rs.getLong(2));
                assertEquals(c0Sum, rs.getDouble(3), 1e-6 * Math.max(1, Math.abs(c0Sum)));
            }
            try (ResultSet rs = st.executeQuery("SELECT c0 FROM v2_generated WHERE tag_id = '" + firstRow[1]
                    + "' AND ts = " + firstRow[0] + "::timestamp")) {
                assertTrue(rs.next(), "row of tag " + firstRow[1] + " at " + firstRow[0]);
                assertEquals(firstC0, rs.getDouble(1), 0.0);
                assertFalse(rs.next());
            }
        }
    }

    /** Sub-unit offsets show that QuestDB reads the number in the unit the writer named in {@code precision=}. */
    @ParameterizedTest
    @EnumSource(LinePrecision.class)
    void everyPrecisionLandsOnTheSameInstant(LinePrecision precision) throws Exception {
        String table = "v2_precision_" + precision.v2Name();
        createTable(table, "DOUBLE", 2);
        long offset = switch (precision) {
            case NS, US -> 123_457;
            case MS -> 123_000;
            case S -> 0;
        };
        SeriesSchema schema = new SeriesSchema(table, MetricType.FLOAT8, 2, 998);
        RowBatch b = new RowBatch(MetricType.FLOAT8, 2, 4);
        for (int r = 0; r < 4; r++) {
            int row = b.addRow(T0 + r * 1_000_000L + offset, 10 + r);
            b.setDouble(row, r % 2, r + 0.25);
        }
        try (TargetAdapter t = openV2(Map.of("precision", precision.v2Name()));
             BatchWriter w = t.capability(TimeSeriesIngest.class).orElseThrow().openWriter(schema)) {
            assertEquals(4, w.write(b).rowsWritten());
        }
        assertEquals(1, WRITES.size());
        assertV2Writes(precision);
        try (Connection c = pg(); Statement st = c.createStatement()) {
            awaitApplied(c, table);
            try (ResultSet rs = st.executeQuery("SELECT ts, tag_id, c0, c1 FROM \"" + table + "\" ORDER BY ts")) {
                for (int r = 0; r < 4; r++) {
                    assertTrue(rs.next());
                    assertEquals(T0 + r * 1_000_000L + offset, micros(rs.getObject(1, LocalDateTime.class)), "row " + r);
                    assertEquals(Integer.toString(10 + r), rs.getString(2));
                    assertEquals(r + 0.25, rs.getDouble(3 + r % 2), 0.0);
                    rs.getDouble(3 + (r + 1) % 2);
                    assertTrue(rs.wasNull(), "the empty metric stays NULL");
                }
                assertFalse(rs.next());
            }
        }
    }

    /**
     * Float fields into a LONG column: QuestDB answers 400 and, unlike InfluxDB's partial write, stores none of
     * the post. The writer turns it into a FATAL error carrying the server's message.
     */
    @Test
    void aRejectedWriteIsFatalWithTheServersMessage() throws Exception {
        String table = "v2_conflict";
        createTable(table, "LONG", 2);
        SeriesSchema floats = new SeriesSchema(table, MetricType.FLOAT8, 2, 998);
        RowBatch b = new RowBatch(MetricType.FLOAT8, 2, 5);
        for (int r = 0; r < 5; r++) {
            b.setDouble(b.addRow(T0 + r * 1_000_000L, 1), 0, r + 0.5);
        }
        try (TargetAdapter t = openV2(Map.of());
             BatchWriter w = t.capability(TimeSeriesIngest.class).orElseThrow().openWriter(floats)) {
            TargetException e = assertThrows(TargetException.class, () -> w.write(b));
            assertEquals(TargetException.Kind.FATAL, e.kind());
            assertEquals("400", e.vendorCode());
            assertTrue(e.getMessage().startsWith("InfluxDB rejected some of 5 lines written to bucket " + BUCKET
                    + ", measurement " + table + ": "), e.getMessage());
            assertTrue(e.getMessage().contains("cast error") && e.getMessage().contains("c0"), e.getMessage());
            assertFalse(e.getMessage().contains(TOKEN), e.getMessage());
        }
        assertEquals(1, WRITES.size());
        assertEquals(400, WRITES.get(0).status());
        try (Connection c = pg(); Statement st = c.createStatement()) {
            awaitApplied(c, table);
            try (ResultSet rs = st.executeQuery("SELECT count() FROM " + table)) {
                assertTrue(rs.next());
                assertEquals(0, rs.getLong(1), "QuestDB rejects the whole post");
            }
        }
    }
}
