package io.dbharness.influx;

import io.dbharness.core.api.BatchWriter;
import io.dbharness.core.api.MetricType;
import io.dbharness.core.api.RowBatch;
import io.dbharness.core.api.SchemaMode;
import io.dbharness.core.api.SeriesSchema;
import io.dbharness.core.api.TargetAdapter;
import io.dbharness.core.api.TargetException;
import io.dbharness.core.api.TimeSeriesIngest;
import io.dbharness.core.api.UsageException;
import io.dbharness.core.api.WriteResult;
import io.dbharness.core.config.Settings;
import io.dbharness.core.engine.Harness;
import io.dbharness.core.engine.RunSpec;
import io.dbharness.core.result.RunResult;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import java.net.ServerSocket;
import java.util.HashMap;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The influx target against a real InfluxDB 1.x started for the test (v1 API, no auth). */
@org.junit.jupiter.api.Tag("server")
class InfluxTargetTest {

    private static final long T0 = 1_650_272_400_000_000L; // 2022-04-18 09:00:00 UTC

    private static InfluxServer server;

    @BeforeAll
    static void start() throws Exception {
        server = InfluxServer.start(false);
    }

    @AfterAll
    static void stop() throws Exception {
        if (server != null) {
            server.close();
        }
    }

    static TargetAdapter open(String url, Map<String, String> options) throws TargetException {
        Map<String, String> all = new HashMap<>(options);
        all.put("influx-url", url);
        InfluxTargetProvider p = new InfluxTargetProvider();
        return p.open(Settings.resolve(p.options(), all, Map.of()));
    }

    private static TimeSeriesIngest ingest(TargetAdapter t) {
        return t.capability(TimeSeriesIngest.class).orElseThrow();
    }

    private static RunResult run(String db, String table, Object... more) throws TargetException {
        RunSpec.Builder b = RunSpec.builder().target("influx").workload("iot-insert")
                .option("influx-url", server.url()).option("influx-database", db).option("table-name", table)
                .option("tag-num", 200).option("total-metrics-count", 10).option("ts-end", "2022-04-18 09:00:10")
                .option("verify", true).option("no-watch", true).environment(Map.of());
        for (int i = 0; i < more.length; i += 2) {
            b.option((String) more[i], more[i + 1]);
        }
        return Harness.run(b.build());
    }

    @Test
    void iotInsertRoundTripWithVerify() throws Exception {
        RunResult r = run("roundtrip", "telematics", "batch-lines", 300, "workers", 2);
        assertEquals(2_000, r.totals().counts().rows() + r.totals().counts().skippedRows(), "every generated row written or skipped");
        assertTrue(r.totals().counts().skippedRows() > 0, "90% empty values over 10 metrics leave rows with no field");
        assertEquals(0, r.totals().counts().errors());
        assertEquals("PASSED", r.verification().status(), r.verification().toString());
        assertEquals("InfluxDB", r.targetInfo().product());
        assertTrue(r.targetInfo().serverVersion().startsWith("1.6"), r.targetInfo().serverVersion());
        assertEquals("v1", r.targetInfo().settings().get("api"));
        assertEquals(server.url(), r.targetInfo().endpoint());
        assertEquals(0, r.exitCode());

        // CREATE refuses the measurement now that it has points; CLEAN drops it; APPEND adds to it
        UsageException refused = assertThrows(UsageException.class, () -> run("roundtrip", "telematics"));
        assertTrue(refused.getMessage().contains("--append") && refused.getMessage().contains("--clean"), refused.getMessage());
        RunResult appended = run("roundtrip", "telematics", "append", true, "ts-start", "2022-04-18 09:00:10",
                "ts-end", "2022-04-18 09:00:20");
        assertEquals("PASSED", appended.verification().status(), appended.verification().toString());
        // the same points again replace themselves: the count can prove only a range
        RunResult overlapping = run("roundtrip", "telematics", "append", true, "ts-start", "2022-04-18 09:00:10",
                "ts-end", "2022-04-18 09:00:20");
        assertEquals("SKIPPED", overlapping.verification().status(), overlapping.verification().toString());
        assertTrue(overlapping.verification().message().contains("not an exact check"), overlapping.verification().message());
        RunResult cleaned = run("roundtrip", "telematics", "clean", true, "gzip", true, "precision", "ns");
        assertEquals("PASSED", cleaned.verification().status(), cleaned.verification().toString());
        assertEquals(r.totals().counts().rows(), cleaned.totals().counts().rows(), "same seed, same rows after --clean");
    }

    @Test
    void countsPointsNotFieldsWhenRowsHaveDifferentFieldSubsets() throws Exception {
        SeriesSchema schema = new SeriesSchema("subsets", MetricType.FLOAT8, 4, 998);
        RowBatch b = new RowBatch(MetricType.FLOAT8, 4, 8);
        int r = b.addRow(T0, 1);
        b.setDouble(r, 0, 1);
        b.setDouble(r, 1, 2);
        b.setDouble(b.addRow(T0 + 1_000_000, 1), 2, 3);
        b.setDouble(b.addRow(T0, 2), 1, 4);
        b.setDouble(b.addRow(T0 + 2_000_000, 2), 0, 5);
        b.setDouble(b.addRow(T0, 3), 3, 6);
        b.addRow(T0, 4); // no field: skipped
        try (TargetAdapter t = open(server.url(), Map.of("influx-database", "subsets"))) {
            ingest(t).createSchema(schema, SchemaMode.CLEAN);
            try (BatchWriter w = ingest(t).openWriter(schema)) {
                WriteResult res = w.write(b);
                assertEquals(5, res.rowsWritten());
                assertEquals(1, res.rowsSkipped());
            }
            assertEquals(5, ingest(t).countRows(schema).orElseThrow());
        }
        // what count(*) would have said: per field, at most 2, so neither 5 nor a sum
        String perField = server.query("SELECT count(*) FROM subsets..subsets", false);
        assertFalse(perField.contains(",5]"), perField);
    }

    @Test
    void aTableNameThatNeedsEscaping() throws Exception {
        String table = "cpu load,site=eu \"x\"";
        RunResult r = run("escaping", table);
        assertEquals("PASSED", r.verification().status(), r.verification().toString());
        assertTrue(r.totals().counts().rows() > 0);
        String shown = server.query("SHOW MEASUREMENTS ON escaping", false);
        assertTrue(shown.contains("cpu load,site=eu \\\"x\\\""), shown);
        RunResult again = run("escaping", table, "clean", true);
        assertEquals(r.totals().counts().rows(), again.totals().counts().rows());
        assertEquals("PASSED", again.verification().status());
    }

    @Test
    void appendingIntegersToFloatFieldsIsRefusedWithTheReason() throws Exception {
        run("conflict", "m");
        UsageException e = assertThrows(UsageException.class,
                () -> run("conflict", "m", "append", true, "metrics-type", "int4"));
        assertTrue(e.getMessage().contains("stores field c") && e.getMessage().contains("as float")
                && e.getMessage().contains("--metrics-type int4"), e.getMessage());
    }

    @Test
    void rejectedLinesOfAPartialWriteAreCountedWithTheServersMessage() throws Exception {
        SeriesSchema floats = new SeriesSchema("partial", MetricType.FLOAT8, 2, 998);
        SeriesSchema ints = new SeriesSchema("partial", MetricType.INT8, 2, 998);
        try (TargetAdapter t = open(server.url(), Map.of("influx-database", "partial", "batch-lines", "100"))) {
            ingest(t).createSchema(floats, SchemaMode.CLEAN);
            RowBatch f = new RowBatch(MetricType.FLOAT8, 2, 1);
            f.setDouble(f.addRow(T0, 1), 0, 1.5);
            try (BatchWriter w = ingest(t).openWriter(floats)) {
                w.write(f);
            }
            // an integer c0 conflicts; c1 alone is a new field and is accepted
            RowBatch b = new RowBatch(MetricType.INT8, 2, 10);
            for (int i = 0; i < 7; i++) {
                b.setLong(b.addRow(T0 + (i + 1) * 1_000_000L, 1), 0, i);
            }
            for (int i = 0; i < 3; i++) {
                b.setLong(b.addRow(T0 + (i + 1) * 1_000_000L, 2), 1, i);
            }
            try (BatchWriter w = ingest(t).openWriter(ints)) {
                TargetException e = assertThrows(TargetException.class, () -> w.write(b));
                assertEquals(TargetException.Kind.FATAL, e.kind());
                assertEquals("400", e.vendorCode());
                assertTrue(e.getMessage().contains("rejected 7 of 10 lines"), e.getMessage());
                assertTrue(e.getMessage().contains("field type conflict"), e.getMessage());
                assertEquals(3, ((io.dbharness.core.api.PartialWriteException) e).rowsWritten(), "the lines InfluxDB kept");
            }
            assertEquals(4, ingest(t).countRows(floats).orElseThrow(), "1 float row + the 3 accepted lines");
        }
    }

    @Test
    void anUnreachableUrlIsUnreachable() throws Exception {
        int port;
        try (ServerSocket s = new ServerSocket(0)) {
            port = s.getLocalPort();
        }
        TargetException e = assertThrows(TargetException.class, () -> open("http://127.0.0.1:" + port, Map.of()));
        assertEquals(TargetException.Kind.UNREACHABLE, e.kind());
        assertTrue(e.getMessage().contains("127.0.0.1:" + port) && e.getMessage().contains("connection refused"), e.getMessage());
    }

    @Test
    void badOptionsNameTheOption() {
        UsageException e = assertThrows(UsageException.class, () -> open("localhost:8086", Map.of()));
        assertTrue(e.getMessage().contains("--influx-url"), e.getMessage());
        UsageException p = assertThrows(UsageException.class, () -> open(server.url(), Map.of("precision", "h")));
        assertTrue(p.getMessage().contains("--precision"), p.getMessage());
        UsageException v2 = assertThrows(UsageException.class, () -> open(server.url(), Map.of("influx-api", "v2")));
        assertTrue(v2.getMessage().contains("--org") && v2.getMessage().contains("--bucket"), v2.getMessage());
    }

    @Test
    void aTokenGivenForThisRunIsRefusedOnV1() {
        UsageException e = assertThrows(UsageException.class, () -> open(server.url(), Map.of("token", "t0ken-s3cret")));
        assertEquals("--token is for the v2 API, but " + server.url() + " speaks the InfluxDB v1 API, which takes"
                + " --username and INFLUX_PASSWORD; drop --token (or give --influx-api v2 if the server serves it, or"
                + " --influx-api v1 for InfluxDB 2's v1 compatibility API)", e.getMessage());
        // an explicit v1 with a token is the compatibility API (InfluxV1CompatibilityTest): a user besides is refused
        UsageException both = assertThrows(UsageException.class, () -> open(server.url(),
                Map.of("token", "t0ken-s3cret", "influx-api", "v1", "username", "bob")));
        assertEquals("--token with --influx-api v1 is InfluxDB 2's v1 compatibility API, which takes the token alone:"
                + " drop --username (or --token)", both.getMessage());
    }

    @Test
    void aTokenLeftInTheEnvironmentOnlyWarnsOnV1() throws Exception {
        java.io.ByteArrayOutputStream captured = new java.io.ByteArrayOutputStream();
        java.io.PrintStream stderr = System.err;
        System.setErr(new java.io.PrintStream(captured, true, java.nio.charset.StandardCharsets.UTF_8));
        InfluxTargetProvider p = new InfluxTargetProvider();
        try (TargetAdapter t = p.open(Settings.resolve(p.options(), Map.of("influx-url", server.url()),
                Map.of("INFLUX_TOKEN", "t0ken-s3cret")))) {
            assertEquals("v1", t.describe().settings().get("api"));
        } finally {
            System.setErr(stderr);
        }
        String err = captured.toString(java.nio.charset.StandardCharsets.UTF_8);
        assertEquals("warning: INFLUX_TOKEN is ignored: " + server.url() + " speaks the InfluxDB v1 API, which takes"
                + " --username and INFLUX_PASSWORD\n", err.replace("\r", ""));
    }

    @Test
    void storedBytesAndDescription() throws Exception {
        run("sizes", "telematics");
        try (TargetAdapter t = open(server.url(), Map.of("influx-database", "sizes"))) {
            assertEquals("v1", t.describe().settings().get("api"));
            assertEquals("auto (coarsest exact per batch)", t.describe().settings().get("precision"));
            assertTrue(ingest(t).storedBytes(new SeriesSchema("telematics", MetricType.FLOAT8, 1, 998)).isPresent());
        }
    }
}
