package io.dbharness.matrixdb;

import io.dbharness.core.api.TargetException;
import io.dbharness.core.api.UsageException;
import io.dbharness.core.engine.Harness;
import io.dbharness.core.engine.RunSpec;
import io.dbharness.core.result.RunResult;
import io.dbharness.postgres.EmbeddedPostgres;
import org.junit.jupiter.api.Test;

import java.net.ServerSocket;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The matrixdb target's whole path on the PostgreSQL wire: embedded PostgreSQL 17 stands in for the master
 * (with --allow-compatible-server), a loopback endpoint for MatrixGate.
 */
@org.junit.jupiter.api.Tag("server")
class MatrixDbTargetTest {

    private static RunSpec.Builder run(String table) throws TargetException {
        return RunSpec.builder()
                .target("matrixdb")
                .workload("iot-insert")
                .option("url", EmbeddedPostgres.shared().url())
                .option("user", "postgres")
                .option("allow-compatible-server", true)
                .option("table-name", table)
                .option("clean", true)
                .option("tag-num", 200)
                .option("total-metrics-count", 12)
                .option("ts-end", "2022-04-18 09:00:10")
                .option("no-watch", true)
                .environment(Map.of());
    }

    @Test
    void copyIngestThroughTheHarnessVerifies() throws Exception {
        RunResult r = Harness.run(run("mx_copy").option("verify", true).build());
        assertEquals(2_000, r.totals().counts().rows());
        assertEquals(0, r.totals().counts().errors());
        assertEquals("PASSED", r.verification().status(), r.verification().message());
        assertEquals("MatrixDB", r.targetInfo().product());
        Map<String, String> s = r.targetInfo().settings();
        assertEquals("copy-text", s.get("ingest"));
        assertEquals("mars3", s.get("storage"));
        assertTrue(s.get("distribution").startsWith("off: PostgreSQL 17"), s.toString());
        assertTrue(s.get("storage_effective").startsWith("heap: PostgreSQL 17"), s.toString());
        assertEquals(0, r.exitCode());
    }

    /** Without a MatrixGate that loads into the table, only what was posted can be checked: every row, once. */
    @Test
    void mxgateIngestThroughTheHarness() throws Exception {
        try (FakeMxGate gate = FakeMxGate.accepting()) {
            RunResult r = Harness.run(run("mx_gate").option("matrixdb-ingest", "mxgate-http")
                    .option("mxgate-url", gate.url()).option("mxgate-gzip", true).build());
            assertEquals(2_000, r.totals().counts().rows());
            assertEquals(0, r.totals().counts().errors());
            long lines = gate.requests.stream().mapToLong(q -> q.text().lines().count() - 1).sum();
            assertEquals(2_000, lines);
            assertTrue(gate.requests.stream().allMatch(q -> q.text().startsWith("public.mx_gate\n")));
            assertEquals("mxgate-http", r.targetInfo().settings().get("ingest"));
            assertEquals("true", r.targetInfo().settings().get("mxgate_gzip"));
        }
    }

    @Test
    void lineErrorsFailTheRun() throws Exception {
        try (FakeMxGate gate = new FakeMxGate(q -> new FakeMxGate.Answer(200, "At line: 2\nmissing data for column \"c11\"\n"))) {
            RunResult r = Harness.run(run("mx_gate_err").option("matrixdb-ingest", "mxgate-http")
                    .option("mxgate-url", gate.url()).build());
            assertTrue(r.totals().counts().errors() > 0);
            assertEquals(1, r.exitCode());
            assertTrue(r.errors().get(0).toString().contains("MatrixGate rejected 1 of"), r.errors().toString());
        }
    }

    @Test
    void plainPostgresIsRefusedWithoutTheFlag() throws Exception {
        UsageException e = assertThrows(UsageException.class, () -> MatrixDbTestSupport.open(Map.of(
                "url", EmbeddedPostgres.shared().url(), "user", "postgres")));
        assertTrue(e.getMessage().matches("server at .* is PostgreSQL 17\\.\\d+, not MatrixDB; give --allow-compatible-server.*"),
                e.getMessage());
    }

    @Test
    void unreachableMatrixGateStopsTheRunBeforeItStarts() throws Exception {
        int port;
        try (ServerSocket s = new ServerSocket(0)) {
            port = s.getLocalPort();
        }
        TargetException e = assertThrows(TargetException.class, () -> MatrixDbTestSupport.open(Map.of(
                "url", EmbeddedPostgres.shared().url(), "user", "postgres", "allow-compatible-server", "true",
                "matrixdb-ingest", "mxgate-http", "mxgate-url", "http://127.0.0.1:" + port)));
        assertEquals(TargetException.Kind.UNREACHABLE, e.kind());
        assertTrue(e.getMessage().startsWith("cannot reach MatrixGate at http://127.0.0.1:" + port + ": connection refused"),
                e.getMessage());
    }

    @Test
    void badOptionValues() {
        assertEquals("invalid value 'mars9' for --matrixdb-storage: expected mars3|mars2|ao_column|heap",
                assertThrows(UsageException.class, () -> MatrixDbTestSupport.flavor(Map.of("matrixdb-storage", "mars9"))).getMessage());
        assertEquals("invalid value 'gate' for --matrixdb-ingest: expected copy|mxgate-http",
                assertThrows(UsageException.class, () -> MatrixDbTestSupport.flavor(Map.of("matrixdb-ingest", "gate"))).getMessage());
        assertEquals("invalid value 'localhost:8086' for --mxgate-url: expected http://HOST:PORT (MatrixGate's HTTP port, 8086 by default)",
                assertThrows(UsageException.class, () -> MatrixDbTestSupport.flavor(Map.of("mxgate-url", "localhost:8086"))).getMessage());
        assertEquals("invalid value 'unix-ms' for --mxgate-time-format: expected unix-second|raw",
                assertThrows(UsageException.class, () -> MatrixDbTestSupport.flavor(Map.of("mxgate-time-format", "unix-ms"))).getMessage());
        assertEquals("--matrixdb-unique-mode needs --matrixdb-storage mars3 or mars2, not heap",
                assertThrows(UsageException.class, () -> MatrixDbTestSupport.flavor(
                        Map.of("matrixdb-storage", "heap", "matrixdb-unique-mode", "true"))).getMessage());
    }

    @Test
    void needsAServer() {
        UsageException e = assertThrows(UsageException.class, () -> MatrixDbTestSupport.open(Map.of()));
        assertTrue(e.getMessage().contains("MatrixDB does not run embedded"), e.getMessage());
    }
}
