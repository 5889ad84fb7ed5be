package io.dbharness.yugabyte;

import io.dbharness.core.api.TargetException;
import io.dbharness.core.api.UsageException;
import io.dbharness.core.engine.Harness;
import io.dbharness.core.engine.RunSpec;
import io.dbharness.core.result.RunResult;
import io.dbharness.postgres.EmbeddedPostgres;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The whole iot-insert path of the yugabyte target (both drivers, both ingest paths) against a real embedded
 * PostgreSQL 17 with {@code --allow-compatible-server}: the wire path is tested here, the YugabyteDB-only SQL in
 * {@link YugabyteSqlGoldenTest} and on a real server in {@link YugabyteServerTest}.
 */
@org.junit.jupiter.api.Tag("server")
class YugabyteOnPostgresTest {

    private static String url(String scheme) throws TargetException {
        return EmbeddedPostgres.shared().url().replace("jdbc:postgresql:", scheme);
    }

    private static RunSpec.Builder run(String scheme, String table) throws TargetException {
        return RunSpec.builder()
                .target("yugabyte")
                .workload("iot-insert")
                .option("url", url(scheme))
                .option("user", "postgres")
                .option("table-name", table)
                .option("clean", true)
                .option("tag-num", 200)
                .option("total-metrics-count", 12)
                .option("ts-end", "2022-04-18 09:00:10")
                .option("verify", true)
                .environment(Map.of());
    }

    @ParameterizedTest(name = "{0} via {1}")
    @CsvSource({
            "copy, jdbc:yugabytedb:",
            "copy, jdbc:postgresql:",
            "copy-text, jdbc:yugabytedb:",
            "insert-multirow, jdbc:yugabytedb:",
            "insert-multirow, jdbc:postgresql:"})
    void iotInsertVerifiesOnPostgresql(String ingest, String scheme) throws Exception {
        RunResult r = Harness.run(run(scheme, "yb_" + ingest.replace('-', '_') + "_" + scheme.length())
                .option("allow-compatible-server", true)
                .option("yb-ingest", ingest)
                .option("yb-upsert-mode", true)
                .option("workers", 2)
                .build());
        assertEquals(2_000, r.totals().counts().rows());
        assertEquals(0, r.totals().counts().errors());
        assertEquals("PASSED", r.verification().status(), r.verification().message());
        assertEquals(0, r.exitCode());
        assertEquals("YugabyteDB", r.targetInfo().product());
        assertTrue(r.targetInfo().serverVersion().startsWith("17"), r.targetInfo().serverVersion());
        Map<String, String> s = r.targetInfo().settings();
        assertEquals("off", s.get("yb_upsert_mode"), "switched off on PostgreSQL");
        assertEquals("PRIMARY KEY (tag_id, ts)", s.get("yb_primary_key"));
        assertTrue(s.get("yb_switched_off").contains("upsert mode: PostgreSQL 17."), s.get("yb_switched_off"));
        assertEquals(ingest, s.get("yb_ingest"));
        String ddl = r.workloadFacts().details().get("ddl");
        assertTrue(ddl.contains("PRIMARY KEY (tag_id, ts)") && !ddl.contains("HASH"), ddl);
    }

    /**
     * A report split over rows shares (tag_id, ts): ON CONFLICT DO NOTHING keeps the first, the server's update
     * counts say so, and the dropped rows are counted as skipped, not written.
     */
    @Test
    void onConflictDoNothingKeepsOneRowOfASplitReport() throws Exception {
        RunResult r = Harness.run(run("jdbc:yugabytedb:", "yb_conflict")
                .option("allow-compatible-server", true)
                .option("yb-ingest", "insert-multirow")
                .option("yb-on-conflict-do-nothing", true)
                .option("generator-batch-size", 2)
                .build());
        assertEquals(0, r.totals().counts().errors());
        assertEquals(2_000, r.totals().counts().rows(), "rows the server stored, by its update counts");
        assertEquals(2_000, r.totals().counts().skippedRows(), "rows ON CONFLICT DO NOTHING dropped");
        assertEquals("PASSED", r.verification().status(), r.verification().message());
        assertEquals(2_000, r.verification().actual());
    }

    /** Without a merging mode a repeated key is a duplicate-key error: counted, and the run's exit code says so. */
    @Test
    void splitReportsWithoutAMergingModeFailOnTheKey() throws Exception {
        RunResult r = Harness.run(run("jdbc:yugabytedb:", "yb_dup")
                .option("allow-compatible-server", true)
                .option("generator-batch-size", 2)
                .build());
        assertTrue(r.totals().counts().errors() > 0 || r.failure() != null, "duplicate keys must not pass silently");
        assertEquals(1, r.exitCode());
    }

    /** A connection of the YugabyteDB driver unwraps only to com.yugabyte.PGConnection: COPY must go through its API. */
    @Test
    void eachDriverGetsItsOwnCopyApi() throws Exception {
        YugabyteFlavor flavor = YugabyteFlavor.of(YbIngestMode.COPY_TEXT, 5000, false, false, YbSharding.HASH, 0);
        java.util.Properties props = new java.util.Properties();
        props.setProperty("user", "postgres");
        for (String scheme : new String[]{"jdbc:yugabytedb:", "jdbc:postgresql:"}) {
            String u = url(scheme);
            try (java.sql.Connection c = flavor.driver(u).connect(u, props); java.sql.Statement st = c.createStatement()) {
                assertEquals(scheme.equals("jdbc:yugabytedb:"), YugabyteCopy.isYugabyteConnection(c), scheme);
                st.execute("CREATE TEMP TABLE copied (v integer)");
                byte[] rows = "1\n2\n3\n".getBytes(java.nio.charset.StandardCharsets.US_ASCII);
                assertEquals(3, flavor.copyChannel(c).copy("COPY copied FROM STDIN", rows, 0, rows.length), scheme);
                java.sql.SQLException bad = assertThrows(java.sql.SQLException.class,
                        () -> flavor.copyChannel(c).copy("COPY copied FROM STDIN", "x\n".getBytes(), 0, 2));
                assertEquals("22P02", bad.getSQLState(), scheme);
            }
        }
    }

    @Test
    void plainPostgresqlIsRefusedWithoutTheFlag() {
        UsageException e = assertThrows(UsageException.class, () -> Harness.run(run("jdbc:yugabytedb:", "yb_refused").build()));
        assertTrue(e.getMessage().matches("server at localhost:\\d+/postgres is PostgreSQL 17\\.\\d+, not YugabyteDB; "
                + "give --allow-compatible-server to run against it anyway"), e.getMessage());
    }

    /** Embedded PostgreSQL trusts every local connection, so a role that does not exist is what fails: 28000. */
    @Test
    void authenticationFailureNeverShowsThePassword() {
        String secret = "Yb-s3cret-pw";
        TargetException e = assertThrows(TargetException.class, () -> Harness.run(run("jdbc:yugabytedb:", "yb_auth")
                .option("user", "no_such_role")
                .option("password", secret)
                .option("allow-compatible-server", true)
                .build()));
        assertEquals(TargetException.Kind.AUTHENTICATION, e.kind());
        assertEquals("28000", e.vendorCode());
        assertTrue(e.getMessage().startsWith("YugabyteDB refused the credentials for user 'no_such_role' at localhost:"), e.getMessage());
        for (Throwable t = e; t != null; t = t.getCause()) {
            assertFalse(String.valueOf(t.getMessage()).contains(secret), t.toString());
        }
    }

    @Test
    void badOptionValueStopsBeforeConnecting() {
        UsageException e = assertThrows(UsageException.class, () -> Harness.run(run("jdbc:yugabytedb:", "yb_bad")
                .option("yb-sharding", "round-robin").build()));
        assertEquals("invalid value 'round-robin' for --yb-sharding: expected hash|range", e.getMessage());
    }
}
