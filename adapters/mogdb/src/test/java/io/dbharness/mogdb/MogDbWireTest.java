package io.dbharness.mogdb;

import io.dbharness.core.api.TargetException;
import io.dbharness.core.api.UsageException;
import io.dbharness.core.engine.Harness;
import io.dbharness.core.engine.RunSpec;
import io.dbharness.core.result.RunResult;
import io.dbharness.postgres.EmbeddedPostgres;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.net.ServerSocket;
import java.nio.charset.StandardCharsets;
import java.sql.Connection;
import java.sql.DriverManager;
import java.util.Arrays;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The mogdb target's whole iot-insert path over the stock driver against embedded PostgreSQL 17 (the openGauss
 * driver cannot open a session there), plus the refusals a user meets before anything is written.
 */
@org.junit.jupiter.api.Tag("server")
class MogDbWireTest {

    private static RunSpec.Builder run(String table, Map<String, String> extra) throws TargetException {
        RunSpec.Builder b = RunSpec.builder()
                .target("mogdb")
                .workload("iot-insert")
                .option("url", EmbeddedPostgres.shared().url())
                .option("user", "postgres")
                .option("table-name", table)
                .option("clean", true)
                .option("tag-num", 300)
                .option("total-metrics-count", 12)
                .option("ts-end", "2022-04-18 09:00:10")
                .option("verify", true)
                .environment(Map.of());
        extra.forEach(b::option);
        return b;
    }

    @ParameterizedTest
    @ValueSource(strings = {"copy", "insert-batch"})
    void iotInsertOnACompatibleServerWritesAndVerifies(String ingest) throws Exception {
        RunResult r = Harness.run(run("mogdb_wire_" + ingest.replace('-', '_'),
                Map.of("allow-compatible-server", "true", "mogdb-ingest", ingest)).build());
        assertEquals(3_000, r.totals().counts().rows());
        assertEquals(0, r.totals().counts().errors());
        assertEquals("PASSED", r.verification().status(), r.verification().message());
        assertEquals(0, r.exitCode());
        assertEquals("MogDB", r.targetInfo().product());
        assertTrue(r.targetInfo().serverVersion().startsWith("17"), r.targetInfo().serverVersion());
        Map<String, String> s = r.targetInfo().settings();
        assertEquals(ingest.equals("copy") ? "copy-text" : "insert-batch", s.get("ingest"));
        assertEquals("none", s.get("switched_off"));
        assertTrue(s.get("compatible_server").startsWith("PostgreSQL 17"), s.toString());
        assertTrue(r.storedBytes().orElse(0) > 0, "stored size through the mogdb table_size statement");
    }

    @Test
    void openGaussFeaturesAreSwitchedOffWithOneWarningEachAndRecorded() throws Exception {
        PrintStream err = System.err;
        ByteArrayOutputStream captured = new ByteArrayOutputStream();
        RunResult r;
        try {
            System.setErr(new PrintStream(captured, true, StandardCharsets.UTF_8));
            r = Harness.run(run("mogdb_wire_column", Map.of("allow-compatible-server", "true",
                    "mogdb-storage", "column", "mogdb-compression", "middle")).build());
        } finally {
            System.setErr(err);
        }
        List<String> warnings = Arrays.stream(captured.toString(StandardCharsets.UTF_8).split("\n"))
                .filter(l -> l.startsWith("warning: ")).toList();
        assertEquals(2, warnings.size(), warnings.toString());
        assertTrue(warnings.get(0).matches("warning: PostgreSQL 17\\.\\d+ has no column store: --mogdb-storage column "
                + "switched off, the table is a row \\(heap\\) table"), warnings.get(0));
        assertTrue(warnings.get(1).endsWith("has no column-store compression: COMPRESSION=MIDDLE switched off"), warnings.get(1));
        assertEquals("PASSED", r.verification().status(), r.verification().message());
        assertEquals("ORIENTATION=COLUMN, COMPRESSION=MIDDLE", r.targetInfo().settings().get("switched_off"));
        assertEquals("row", r.targetInfo().settings().get("storage"));
    }

    @Test
    void intervalPartitioningIsSwitchedOffOnPostgres() throws Exception {
        RunResult r = Harness.run(run("mogdb_wire_daily", Map.of("allow-compatible-server", "true",
                "mogdb-partition-interval", "day", "mogdb-ingest", "insert-batch")).build());
        assertEquals("PASSED", r.verification().status(), r.verification().message());
        assertEquals("INTERVAL ('1 day')", r.targetInfo().settings().get("switched_off"));
        assertEquals("none", r.targetInfo().settings().get("partition_interval"));
    }

    @Test
    void plainPostgresIsRefusedWithoutTheFlag() throws Exception {
        UsageException e = assertThrows(UsageException.class, () -> Harness.run(run("mogdb_wire_refused", Map.of()).build()));
        String port = Integer.toString(EmbeddedPostgres.shared().port());
        assertTrue(e.getMessage().matches("server at localhost:" + port + "/postgres is PostgreSQL 17\\.\\d+, not MogDB; "
                + "give --allow-compatible-server to run against it anyway"), e.getMessage());
        try (Connection c = DriverManager.getConnection(EmbeddedPostgres.shared().url(), "postgres", "");
             var rs = c.createStatement().executeQuery("SELECT to_regclass('mogdb_wire_refused') IS NULL")) {
            rs.next();
            assertTrue(rs.getBoolean(1), "nothing was created");
        }
    }

    @Test
    void badOptionValuesNameTheOptionAndWhatIsAllowed() {
        assertEquals("invalid value 'heap' for --mogdb-storage: expected row|column",
                assertThrows(UsageException.class, () -> MogDbTestSupport.open(Map.of("mogdb-storage", "heap"))).getMessage());
        assertEquals("invalid value 'copy-binary' for --mogdb-ingest: expected copy|insert-batch",
                assertThrows(UsageException.class, () -> MogDbTestSupport.open(Map.of("mogdb-ingest", "copy-binary"))).getMessage());
        assertEquals("invalid value 'max' for --mogdb-compression: expected no|yes|low|middle|high",
                assertThrows(UsageException.class, () -> MogDbTestSupport.open(Map.of("mogdb-storage", "column",
                        "mogdb-compression", "max"))).getMessage());
        assertEquals("invalid value 'year' for --mogdb-partition-interval: expected none|hour|day|week|month",
                assertThrows(UsageException.class, () -> MogDbTestSupport.open(Map.of("mogdb-partition-interval", "year"))).getMessage());
        assertTrue(assertThrows(UsageException.class, () -> MogDbTestSupport.open(Map.of("mogdb-compression", "high")))
                .getMessage().startsWith("--mogdb-compression applies to --mogdb-storage column only"));
        assertTrue(assertThrows(UsageException.class, () -> MogDbTestSupport.open(Map.of("mogdb-storage", "column",
                "mogdb-partition-interval", "month"))).getMessage().startsWith("--mogdb-partition-interval month cannot be combined"));
        assertEquals("the mogdb target needs a server: give --url or --host (or the PGHOST... variables); MogDB does not run embedded",
                assertThrows(UsageException.class, () -> MogDbTestSupport.open(Map.of())).getMessage());
        assertEquals("invalid value for --url: expected jdbc:opengauss://HOST:PORT/DATABASE or jdbc:postgresql://HOST:PORT/DATABASE",
                assertThrows(UsageException.class, () -> MogDbTestSupport.open(Map.of("url", "jdbc:mysql://x/y"))).getMessage());
    }

    @Test
    void unknownRoleIsAnAuthenticationFailureWithoutThePassword() throws Exception {
        String secret = "Sup3r-s3cret-pw";
        TargetException e = assertThrows(TargetException.class, () -> MogDbTestSupport.open(Map.of(
                "url", EmbeddedPostgres.shared().url(), "user", "nobody_here", "password", secret)));
        assertEquals(TargetException.Kind.AUTHENTICATION, e.kind());
        assertEquals("28000", e.vendorCode());
        assertTrue(e.getMessage().startsWith("MogDB refused the credentials for user 'nobody_here' at localhost:"
                + EmbeddedPostgres.shared().port() + "/postgres"), e.getMessage());
        for (Throwable t = e; t != null; t = t.getCause()) {
            assertFalse(String.valueOf(t.getMessage()).contains(secret), t.toString());
        }
    }

    @Test
    void openGaussUrlUsesTheOpenGaussDriverAndAClosedPortIsUnreachableQuickly() throws Exception {
        MogDbFlavor f = new MogDbFlavor(MogDbIngestMode.COPY, MogDbDdl.of(MogDbDdl.Storage.ROW, null, MogDbDdl.PartitionInterval.NONE));
        assertTrue(f.driver("jdbc:opengauss://db:5432/postgres") instanceof org.opengauss.Driver);
        assertTrue(f.driver("jdbc:postgresql://db:5432/postgres") instanceof org.postgresql.Driver);
        assertTrue(f.driver("jdbc:opengauss://db:5432/postgres").acceptsURL("jdbc:opengauss://db:5432/postgres"));

        int free;
        try (ServerSocket s = new ServerSocket(0)) {
            free = s.getLocalPort();
        }
        long start = System.nanoTime();
        TargetException e = assertThrows(TargetException.class, () -> MogDbTestSupport.open(Map.of(
                "url", "jdbc:opengauss://127.0.0.1:" + free + "/postgres", "user", "omm", "password", "Gauss@123")));
        long millis = (System.nanoTime() - start) / 1_000_000;
        assertEquals(TargetException.Kind.UNREACHABLE, e.kind(), e.getMessage());
        assertTrue(e.getMessage().startsWith("cannot connect to MogDB at 127.0.0.1:" + free + "/postgres"), e.getMessage());
        assertFalse(e.getMessage().contains("Gauss@123"));
        assertTrue(millis < 10_000, "took " + millis + " ms");
    }

    @Test
    void hostAndPortBuildAnOpenGaussUrl() {
        TargetException e = assertThrows(TargetException.class, () -> MogDbTestSupport.open(Map.of(
                "host", "127.0.0.1", "port", "1", "user", "omm")));
        assertEquals(TargetException.Kind.UNREACHABLE, e.kind(), e.getMessage());
    }
}
