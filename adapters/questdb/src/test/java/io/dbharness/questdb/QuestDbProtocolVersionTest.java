package io.dbharness.questdb;

import io.dbharness.core.api.BatchWriter;
import io.dbharness.core.api.MetricType;
import io.dbharness.core.api.RowBatch;
import io.dbharness.core.api.SchemaMode;
import io.dbharness.core.api.SeriesSchema;
import io.dbharness.core.api.SqlAccess;
import io.dbharness.core.api.TargetAdapter;
import io.dbharness.core.api.TimeSeriesIngest;
import io.dbharness.core.api.UsageException;
import io.dbharness.core.api.WriteResult;
import com.sun.net.httpserver.HttpServer;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Random;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Line protocol version 2 (doubles in binary) against version 1 (text) on the embedded QuestDB 9.3.4: the same
 * rows stored bit for bit, the special doubles stored as the text path stores them (NaN and the infinities as NULL, -0.0 as 0.0), the version chosen once at
 * open and said in describe().
 */
@org.junit.jupiter.api.Tag("server")
@Timeout(120)
class QuestDbProtocolVersionTest {

    private static final int METRICS = 4;
    /** 0x0A in its low byte: a newline inside a binary field, where posts must not be cut. */
    private static final double NEWLINE_INSIDE = Double.longBitsToDouble(0x3FF000000000000AL);
    private static final double[] SPECIAL = {-0.0, 0.0, Double.NaN, Double.POSITIVE_INFINITY, Double.NEGATIVE_INFINITY,
            Double.MIN_VALUE, Double.MAX_VALUE, -Double.MAX_VALUE, 0.1 + 0.2, NEWLINE_INSIDE, 1e-300, 3.4e38, 1.5e-45};

    /** The special values first, each in every metric, then random doubles of every magnitude; a few values empty. */
    private static RowBatch rows(MetricType type) {
        Random random = new Random(35);
        int n = SPECIAL.length + 200;
        RowBatch batch = new RowBatch(type, METRICS, n);
        for (int r = 0; r < n; r++) {
            int row = batch.addRow(QuestDbIngestTest.T0 + r * 1_000_000L, r % 7);
            for (int m = 0; m < METRICS; m++) {
                if (r >= SPECIAL.length && (r + m) % 5 == 0) {
                    continue;
                }
                double v = r < SPECIAL.length ? SPECIAL[(r + m) % SPECIAL.length]
                        : Double.longBitsToDouble(random.nextLong());
                batch.setDouble(row, m, v);
            }
        }
        return batch;
    }

    /** Writes the rows with the version given, in posts of 7 lines; returns the values read back, NULL as null. */
    private static List<Object> writeAndRead(String version, MetricType type) throws Exception {
        try (TargetAdapter target = QuestDbTestSupport.openShared(Map.of("questdb-protocol-version", version,
                "batch-lines", "7"))) {
            assertEquals(version.equals("2") ? "2 (doubles in binary)" : "1 (text)",
                    target.describe().settings().get("line-protocol-version"));
            TimeSeriesIngest ingest = target.capability(TimeSeriesIngest.class).orElseThrow();
            SeriesSchema schema = new SeriesSchema("pv" + version + "_" + type.sqlName(), type, METRICS, 3);
            ingest.createSchema(schema, SchemaMode.CLEAN);
            RowBatch batch = rows(type);
            long rows;
            try (BatchWriter w = ingest.openWriter(schema)) {
                WriteResult r = w.write(batch);
                rows = r.rowsWritten();
                assertEquals(batch.size(), rows + r.rowsSkipped());
            }
            assertEquals(rows, ingest.countRows(schema).getAsLong(), "every line stored, none cut");
            List<Object> values = new ArrayList<>();
            try (Connection c = target.capability(SqlAccess.class).orElseThrow().dataSource().getConnection();
                 Statement st = c.createStatement();
                 ResultSet rs = st.executeQuery("SELECT * FROM " + schema.tableName() + " ORDER BY ts")) {
                while (rs.next()) {
                    values.add(rs.getTimestamp("ts").getTime());
                    for (int m = 0; m < METRICS; m++) {
                        Object v = type == MetricType.FLOAT4 ? (Object) rs.getFloat("c" + m) : (Object) rs.getDouble("c" + m);
                        values.add(rs.wasNull() ? null : v);
                    }
                }
            }
            return values;
        }
    }

    @ParameterizedTest
    @EnumSource(value = MetricType.class, names = {"FLOAT8", "FLOAT4"})
    void versionTwoStoresExactlyWhatVersionOneStores(MetricType type) throws Exception {
        List<Object> text = writeAndRead("1", type);
        List<Object> binary = writeAndRead("2", type);
        assertEquals(text.size(), binary.size());
        for (int i = 0; i < text.size(); i++) { // Double.equals compares bits: -0.0 differs from 0.0
            assertEquals(text.get(i), binary.get(i), "value " + i);
        }
        // and what both store: the values bit for bit, NaN and the infinities as NULL
        RowBatch batch = rows(type);
        int read = 0;
        for (int r = 0; r < SPECIAL.length; r++) {
            read++; // ts
            for (int m = 0; m < METRICS; m++) {
                double v = batch.doubles()[r * METRICS + m];
                Object expected = type == MetricType.FLOAT4 ? (Object) (float) v : (Object) v;
                boolean isNull = type == MetricType.FLOAT4 ? !Float.isFinite((float) v) : !Double.isFinite(v);
                if (v == 0) { // -0.0 too: the text path writes it as 0
                    expected = type == MetricType.FLOAT4 ? (Object) 0.0f : (Object) 0.0;
                }
                assertEquals(isNull ? null : expected, binary.get(read++), "row " + r + " c" + m + " = " + v);
            }
        }
    }

    @Test
    void autoTakesVersionTwoFromTheEmbeddedServer() throws Exception {
        try (TargetAdapter target = QuestDbTestSupport.openShared(Map.of())) {
            assertEquals("2 (doubles in binary)", target.describe().settings().get("line-protocol-version"));
        }
    }

    /**
     * A server whose {@code /settings} lists no line-protocol versions, as before QuestDB 9 (no such server runs
     * here: a loopback HTTP server answers /ping and /settings for it, the PostgreSQL wire is the embedded one's).
     */
    @Test
    void aServerReadingVersionOneOnlyGetsTextAndRefusesVersionTwo() throws Exception {
        HttpServer old = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 0);
        old.createContext("/ping", x -> {
            x.sendResponseHeaders(204, -1);
            x.close();
        });
        old.createContext("/settings", x -> {
            byte[] body = "{\"config\":{\"release.version\":\"8.1.0\"}}".getBytes(StandardCharsets.UTF_8);
            x.sendResponseHeaders(200, body.length);
            x.getResponseBody().write(body);
            x.close();
        });
        old.start();
        try {
            Map<String, String> options = new java.util.HashMap<>(Map.of(
                    "questdb-http", "http://127.0.0.1:" + old.getAddress().getPort(),
                    "questdb-pg", "127.0.0.1:" + EmbeddedQuestDbFixture.pgPort()));
            try (TargetAdapter target = QuestDbTestSupport.open(options)) {
                assertEquals("1 (text)", target.describe().settings().get("line-protocol-version"));
            }
            options.put("questdb-protocol-version", "2");
            UsageException e = assertThrows(UsageException.class, () -> QuestDbTestSupport.open(options));
            assertEquals("--questdb-protocol-version 2: QuestDB at 127.0.0.1:" + old.getAddress().getPort()
                    + " reads line protocol version 1 only; use auto or 1", e.getMessage());
        } finally {
            old.stop(0);
        }
    }

    @Test
    void anUnknownVersionIsRefusedInOneLine() {
        UsageException e = assertThrows(UsageException.class, () -> new QuestDbTargetProvider()
                .check(QuestDbTestSupport.settings(Map.of("questdb-protocol-version", "3"))));
        assertEquals("invalid value '3' for --questdb-protocol-version: expected auto|1|2", e.getMessage());
        assertFalse(e.getMessage().contains("\n"));
    }

    @Test
    void theSettingsVersionsAreParsed() {
        assertEquals(java.util.Set.of(1, 2, 3), IlpHttp.versions(
                "{\"config\":{\"line.proto.support.versions\":[1,2,3],\"ilp.proto.transports\":[\"http\"]}}"));
        assertEquals(java.util.Set.of(1), IlpHttp.versions("{\"config\":{}}"));
    }
}
