package io.dbharness.matrixdb;

import io.dbharness.core.api.MetricType;
import io.dbharness.core.api.RowBatch;
import io.dbharness.core.api.SeriesSchema;
import io.dbharness.core.api.TargetException;
import io.dbharness.core.api.WriteResult;
import org.junit.jupiter.api.Test;

import java.net.ServerSocket;
import java.nio.charset.StandardCharsets;
import java.time.Instant;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The MatrixGate HTTP body and the handling of its answers, against a loopback endpoint that checks the
 * bytes. Format and status codes from the MatrixGate API page:
 * https://ymatrix.ai/doc/5.1/datainput/connect_mxgate (first line SchemaName.TableName, then rows
 * {@code Timestamp|TagID|C1|..|Cn} separated by '|' and '\n', timestamps as UNIX seconds by default,
 * Content-Type text/plain, optional Content-Encoding gzip; 204 loaded, 200 carries "At line: N" errors).
 */
class MxGateWriterTest {

    private static final SeriesSchema SCHEMA = new SeriesSchema("telematics", MetricType.FLOAT8, 3, 998);
    private static final long T0 = Instant.parse("2022-04-18T09:00:00Z").getEpochSecond() * 1_000_000L;

    /** Three rows: values, NULLs (empty fields), a row with no values, negatives and fractions. */
    static RowBatch batch() {
        RowBatch b = new RowBatch(MetricType.FLOAT8, 3, 10);
        int r = b.addRow(T0, 1);
        b.setDouble(r, 0, 1.5);
        b.setDouble(r, 2, 42);
        b.addRow(T0, 2);
        r = b.addRow(T0 + 1_000_000, 1);
        b.setDouble(r, 0, 0.25);
        b.setDouble(r, 1, -3);
        b.setDouble(r, 2, 1000);
        return b;
    }

    private static MxGateWriter writer(FakeMxGate gate, boolean gzip, TimeFormat time) {
        return new MxGateWriter(MxGateUrl.parse(gate.url()), gzip, new MxGateEncoder(SCHEMA, "public.telematics", time),
                "public.telematics", java.time.Duration.ofSeconds(10), false);
    }

    @Test
    void bodyHeadersAnd204() throws Exception {
        try (FakeMxGate gate = FakeMxGate.accepting(); MxGateWriter w = writer(gate, false, TimeFormat.UNIX_SECOND)) {
            WriteResult r = w.write(batch());
            assertEquals(3, r.rowsWritten());
            FakeMxGate.Request req = gate.requests.get(0);
            assertEquals("POST", req.method());
            assertEquals("/", req.path());
            assertEquals("text/plain", req.header("Content-type"));
            assertNull(req.header("Content-encoding"));
            byte[] expected = MatrixDbTestSupport.golden("mxgate_body.txt").getBytes(StandardCharsets.UTF_8);
            assertArrayEquals(expected, req.body(), () -> "body was:\n" + req.text());
            assertEquals(expected.length, r.bytes());

            w.write(batch()); // the same keep-alive connection, the same bytes
            assertArrayEquals(expected, gate.requests.get(1).body());
        }
    }

    @Test
    void gzipBodyDecompressesToTheSameBytes() throws Exception {
        try (FakeMxGate gate = FakeMxGate.accepting(); MxGateWriter w = writer(gate, true, TimeFormat.UNIX_SECOND)) {
            WriteResult r = w.write(batch());
            w.write(batch());
            FakeMxGate.Request req = gate.requests.get(1);
            assertEquals("gzip", req.header("Content-encoding"));
            assertEquals("text/plain", req.header("Content-type"));
            assertEquals(MatrixDbTestSupport.golden("mxgate_body.txt"), req.text());
            assertEquals(req.rawBody().length, r.bytes(), "bytes counts what went on the wire");
        }
    }

    @Test
    void rawTimestamps() throws Exception {
        try (FakeMxGate gate = FakeMxGate.accepting(); MxGateWriter w = writer(gate, false, TimeFormat.RAW)) {
            w.write(batch());
            assertTrue(gate.requests.get(0).text().startsWith("public.telematics\n2022-04-18 09:00:00|1|1.5||42\n"),
                    gate.requests.get(0).text());
        }
    }

    @Test
    void subSecondTimestampIsRefusedInUnixSeconds() throws Exception {
        RowBatch b = new RowBatch(MetricType.FLOAT8, 3, 1);
        b.addRow(T0 + 500_000, 1);
        try (FakeMxGate gate = FakeMxGate.accepting(); MxGateWriter w = writer(gate, false, TimeFormat.UNIX_SECOND)) {
            TargetException e = assertThrows(TargetException.class, () -> w.write(b));
            assertEquals(TargetException.Kind.FATAL, e.kind());
            assertTrue(e.getMessage().contains("--mxgate-time-format raw"), e.getMessage());
            assertTrue(gate.requests.isEmpty(), "nothing sent");
        }
    }

    /** 200 with per-line errors: counted, the first reasons shown, the batch fails. */
    @Test
    void lineErrorsAreCountedAndShown() throws Exception {
        String answer = "At line: 2\nmissing data for column \"c2\"\nAt line: 4\ninvalid input syntax for type double precision: \"x\"\n";
        try (FakeMxGate gate = new FakeMxGate(r -> new FakeMxGate.Answer(200, answer));
             MxGateWriter w = writer(gate, false, TimeFormat.UNIX_SECOND)) {
            TargetException e = assertThrows(TargetException.class, () -> w.write(batch()));
            assertEquals(TargetException.Kind.FATAL, e.kind());
            assertEquals("200", e.vendorCode());
            assertEquals("MatrixGate rejected 2 of 3 lines written to public.telematics: At line: 2 missing data for column \"c2\"; "
                    + "At line: 4 invalid input syntax for type double precision: \"x\"", e.getMessage());
        }
    }

    @Test
    void manyLineErrorsShowTheFirstThree() {
        StringBuilder b = new StringBuilder();
        for (int i = 2; i <= 8; i++) {
            b.append("At line: ").append(i).append("\nbad\n");
        }
        TargetException e = MxGateErrors.rejected(MxGateErrors.lineErrors(b.toString()), 10, "public.t");
        assertEquals("MatrixGate rejected 7 of 10 lines written to public.t: At line: 2 bad; At line: 3 bad; At line: 4 bad (and 4 more)",
                e.getMessage());
        assertEquals(3, ((io.dbharness.core.api.PartialWriteException) e).rowsWritten(), "MatrixGate loads the other lines");
    }

    @Test
    void emptyTwoHundredIsSuccessAndOtherStatusesFail() throws Exception {
        try (FakeMxGate gate = new FakeMxGate(r -> new FakeMxGate.Answer(200, ""));
             MxGateWriter w = writer(gate, false, TimeFormat.UNIX_SECOND)) {
            assertEquals(3, w.write(batch()).rowsWritten());
        }
        try (FakeMxGate gate = new FakeMxGate(r -> new FakeMxGate.Answer(400, "table public.telematics not found\n"));
             MxGateWriter w = writer(gate, false, TimeFormat.UNIX_SECOND)) {
            TargetException e = assertThrows(TargetException.class, () -> w.write(batch()));
            assertEquals(TargetException.Kind.FATAL, e.kind());
            assertEquals("MatrixGate answered HTTP 400 to a write into public.telematics: table public.telematics not found", e.getMessage());
        }
        try (FakeMxGate gate = new FakeMxGate(r -> new FakeMxGate.Answer(503, "busy"));
             MxGateWriter w = writer(gate, false, TimeFormat.UNIX_SECOND)) {
            assertEquals(TargetException.Kind.RETRYABLE, assertThrows(TargetException.class, () -> w.write(batch())).kind());
        }
    }

    @Test
    void refusedConnectionIsUnreachable() throws Exception {
        int port;
        try (ServerSocket s = new ServerSocket(0)) {
            port = s.getLocalPort();
        }
        MxGateUrl url = MxGateUrl.parse("http://127.0.0.1:" + port);
        try (MxGateWriter w = new MxGateWriter(url, false, new MxGateEncoder(SCHEMA, "public.telematics", TimeFormat.UNIX_SECOND),
                "public.telematics", java.time.Duration.ofSeconds(10), false)) {
            TargetException e = assertThrows(TargetException.class, () -> w.write(batch()));
            assertEquals(TargetException.Kind.UNREACHABLE, e.kind());
            assertEquals(io.dbharness.core.api.Fate.NOT_APPLIED, e.fate(), "never sent: safe to send again");
            assertThrows(TargetException.class, w::reconnect, "still not listening");
            assertEquals("cannot reach MatrixGate at http://127.0.0.1:" + port
                    + ": connection refused (is mxgate running with an HTTP source?)", e.getMessage());
        }
    }
}
