package io.dbharness.postgres;

import io.dbharness.core.engine.Harness;
import io.dbharness.core.engine.RunSpec;
import io.dbharness.core.result.RunResult;
import org.junit.jupiter.api.Test;

import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.Statement;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;

/**
 * {@code --verify} of iot-insert and of iot-query's {@code --load} fails when the table holds fewer rows than the
 * harness wrote. The table is a real one that loses rows after storing them: a trigger after each write (COPY
 * fires it too) deletes device 7's rows, so every write succeeds with all its rows, the harness counts them all,
 * and only the count back can tell. A BEFORE trigger that drops rows is another case: COPY then reports the rows
 * it kept, and the rows it did not keep are counted as skipped, so they are not lost from the accounting either.
 */
@org.junit.jupiter.api.Tag("server")
class IotVerifyFailTest {

    /** 20 devices x 10 s: 200 rows, 10 of them device 7's. */
    private static RunSpec.Builder spec(String workload, String table) throws Exception {
        return RunSpec.builder().target("postgres").workload(workload).environment(Map.of())
                .option("host", "localhost").option("port", EmbeddedPostgres.shared().port()).option("user", "postgres")
                .option("database", "postgres").option("table-name", table).option("tag-num", 20)
                .option("total-metrics-count", 5).option("ts-end", "2022-04-18 09:00:10").option("verify", true)
                .option("no-watch", true);
    }

    private static Connection connect() throws Exception {
        return DriverManager.getConnection(EmbeddedPostgres.shared().url(), "postgres", "");
    }

    private static void execute(String sql) throws Exception {
        try (Connection c = connect(); Statement st = c.createStatement()) {
            st.execute(sql);
        }
    }

    private static long count(String table) throws Exception {
        try (Connection c = connect(); Statement st = c.createStatement(); ResultSet rs = st.executeQuery("SELECT count(*) FROM " + table)) {
            rs.next();
            return rs.getLong(1);
        }
    }

    /** A first run creates {@code table} (and passes: the control), then the table starts losing device 7's rows. */
    private static void lossyTable(String table, boolean keepRows) throws Exception {
        RunResult first = Harness.run(spec("iot-insert", table).option("clean", true).build());
        assertEquals("PASSED", first.verification().status(), first.verification().message());
        assertEquals("200 rows in table " + table + " as reported", first.verification().message());
        execute((keepRows ? "" : "TRUNCATE " + table + "; ")
                + "CREATE OR REPLACE FUNCTION lose_device_7() RETURNS trigger LANGUAGE plpgsql AS"
                + " $$ BEGIN EXECUTE format('DELETE FROM %I WHERE tag_id = 7', TG_TABLE_NAME); RETURN NULL; END $$;"
                + " CREATE TRIGGER lose_device_7 AFTER INSERT ON " + table + " FOR EACH STATEMENT EXECUTE FUNCTION lose_device_7()");
    }

    @Test
    void insertVerificationFailsWithTheCounts() throws Exception {
        lossyTable("verify_lossy", false);
        RunResult r = Harness.run(spec("iot-insert", "verify_lossy").build());
        assertEquals(200, r.totals().counts().rows());
        assertEquals(0, r.totals().counts().errors(), () -> r.errors().toString());
        assertEquals(190, count("verify_lossy"));
        assertEquals("FAILED", r.verification().status());
        assertEquals("table verify_lossy holds 190 rows but the harness reported 200", r.verification().message());
        assertEquals(200, r.verification().expected());
        assertEquals(190, r.verification().actual());
        assertEquals(1, r.exitCode());
    }

    /** With --append the rows there before are part of the count and of the message (device 7's are lost too). */
    @Test
    void appendVerificationFailsWithTheRowsBeforeAndWritten() throws Exception {
        lossyTable("verify_lossy_append", true);
        RunResult r = Harness.run(spec("iot-insert", "verify_lossy_append").option("append", true)
                .option("ts-start", "2022-04-18 10:00:00").option("ts-end", "2022-04-18 10:00:10").build());
        assertEquals(200, r.totals().counts().rows());
        assertEquals(380, count("verify_lossy_append"));
        assertEquals("table verify_lossy_append holds 380 rows but the harness reported 400 (200 before the run + 200 written)",
                r.verification().message());
        assertEquals("FAILED", r.verification().status());
        assertEquals(400, r.verification().expected());
        assertEquals(380, r.verification().actual());
        assertEquals(1, r.exitCode());
    }

    /** iot-query --load writes into the existing empty table (the trigger with it) and counts what it wrote. */
    @Test
    void loadVerificationFailsWithTheCounts() throws Exception {
        lossyTable("verify_lossy_load", false);
        RunResult r = Harness.run(spec("iot-query", "verify_lossy_load").option("load", true).option("query-count", 20).build());
        assertEquals(190, count("verify_lossy_load"));
        assertEquals(200, r.workloadFacts().loaded().rows());
        assertEquals(20, r.totals().counts().operations());
        assertEquals(0, r.totals().counts().errors(), () -> r.errors().toString());
        assertEquals("FAILED", r.verification().status());
        assertEquals("table verify_lossy_load holds 190 rows but the harness reported 200 (--load)",
                r.verification().message());
        assertEquals(200, r.verification().expected());
        assertEquals(190, r.verification().actual());
        assertEquals(1, r.exitCode());
    }

    /** Rows a BEFORE trigger drops are reported by COPY as not stored: they are counted as skipped, not lost. */
    @Test
    void rowsTheTargetTookWithoutStoringAreCountedAsSkipped() throws Exception {
        String table = "verify_dropping";
        RunResult first = Harness.run(spec("iot-insert", table).option("clean", true).build());
        assertEquals("PASSED", first.verification().status(), first.verification().message());
        execute("TRUNCATE " + table + "; CREATE OR REPLACE FUNCTION drop_device_7() RETURNS trigger LANGUAGE plpgsql AS"
                + " $$ BEGIN IF NEW.tag_id = 7 THEN RETURN NULL; END IF; RETURN NEW; END $$;"
                + " CREATE TRIGGER drop_device_7 BEFORE INSERT ON " + table + " FOR EACH ROW EXECUTE FUNCTION drop_device_7()");
        RunResult r = Harness.run(spec("iot-insert", table).build());
        assertEquals(190, r.totals().counts().rows());
        assertEquals(10, r.totals().counts().skippedRows(), "the 10 rows of device 7 the target took without storing");
        assertEquals(0, r.totals().counts().errors(), () -> r.errors().toString());
        assertEquals(190, count(table));
        assertEquals("PASSED", r.verification().status(), r.verification().message());
        assertEquals(0, r.exitCode());
    }
}
