package io.dbharness.questdb;

import io.dbharness.core.api.ServerTelemetry;
import io.dbharness.core.engine.Harness;
import io.dbharness.core.engine.RunSpec;
import io.dbharness.core.result.RunResult;
import io.dbharness.core.result.ServerUsage;
import io.dbharness.tck.DeclaredMetrics;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * QuestDB's own account of a run: the rows it took in are the rows the run wrote; its size on disk is measured on
 * the embedded server only, against {@code du} and against the bytes of the rows' columns.
 */
@org.junit.jupiter.api.Tag("server")
@Timeout(180)
class QuestDbTelemetryTest {

    /** ts (8 bytes), tag_id (a SYMBOL: 4 bytes) and ten float8 metrics (DOUBLE: 8 bytes each). */
    private static final int ROW_BYTES = 8 + 4 + 10 * 8;

    private static RunSpec.Builder run(String table) {
        return RunSpec.builder().target("questdb").workload("iot-insert")
                .option("table-name", table).option("tag-num", 1000).option("total-metrics-count", 10)
                .option("ts-end", "2022-04-18 09:02:00").option("workers", 2).option("watch-interval", "500ms")
                .option("clean", true).option("verify", true).option("no-watch", true).environment(Map.of());
    }

    private static RunSpec.Builder shared(String table) {
        return run(table).option("questdb-http", EmbeddedQuestDbFixture.httpUrl())
                .option("questdb-pg", "127.0.0.1:" + EmbeddedQuestDbFixture.pgPort());
    }

    @Test
    void theRowsTheServerTookInAreTheRowsTheRunWroteAndARemoteServersSizeIsNotMeasured() throws Exception {
        RunResult r = Harness.run(shared("telemetry_rows").build());
        assertEquals(0, r.exitCode(), r.failure());
        ServerUsage s = r.resources().server();
        assertEquals((double) r.totals().counts().rows(), s.pointsWritten(), "rows applied to the tables over the run: " + s.unavailable());
        assertTrue(s.counters().get("wal_transactions_committed") > 0, s.counters().toString());
        assertEquals(0.0, s.gauges().get("wal_tables_suspended"), s.gauges().toString());
        DeclaredMetrics.assertDeclared(s, QuestDbTelemetry.METRICS);
        assertNull(s.waitSource());
        assertEquals("QuestDB keeps no statistics per statement", s.unavailable().get("statements"));
        // table_storage()'s diskSize is mostly pages allocated ahead of the rows: no size, no ratio, no chart bar
        assertEquals(-1, s.storedBytesEnd());
        assertEquals(-1, s.bytesPerRow());
        assertTrue(r.storedBytes().isEmpty(), "unknown: " + r.storedBytes());
        assertTrue(r.compressionRatio().isEmpty(), "unknown: " + r.compressionRatio());
        assertEquals(QuestDbTelemetry.REMOTE_SIZE, s.unavailable().get("stored_bytes"));
    }

    /**
     * The embedded server's size is what {@code du} counts in its tables' directories, the WAL left out (within 1%:
     * du also counts the directories themselves, 4 KiB each), and lies between the bytes of the rows' columns and 10%
     * above them plus 256 KiB (symbol dictionary and index, metadata, each file's last block).
     */
    @Test
    void anEmbeddedServersSizeIsWhatDuCountsOfItsTablesWithoutTheWal() throws Exception {
        RunResult r = Harness.run(shared("telemetry_size").build());
        assertEquals(0, r.exitCode(), r.failure());
        EmbeddedQuestDb server = EmbeddedQuestDbFixture.server();
        QuestDbSql sql = new QuestDbSql(QuestDbEndpoint.embedded(server));
        long stored;
        try (ServerTelemetry.Session session = new QuestDbTelemetry(sql, server).open()) {
            stored = session.storedBytes();
            assertTrue(stored > 0, "stored " + stored + ": " + session.unavailable());
        }
        List<String> dirs = new ArrayList<>();
        long table = -1;
        try (Connection c = sql.connect(); Statement st = c.createStatement();
             ResultSet rs = st.executeQuery("SELECT table_name, directoryName FROM tables()")) {
            while (rs.next()) {
                Path dir = server.tablesDir().resolve(rs.getString(2));
                dirs.add(dir.toString());
                if (rs.getString(1).equals("telemetry_size")) {
                    table = TableDisk.bytes(dir);
                }
            }
        }
        long du = du(dirs);
        assertTrue(Math.abs(du - stored) <= du / 100, "stored " + stored + ", du " + du);
        long columns = r.totals().counts().rows() * ROW_BYTES;
        assertTrue(table >= columns && table <= columns * 1.1 + 256 * 1024, "table " + table + ", columns " + columns);
    }

    /** While a table's writer is busy (its pages ahead of the rows on disk) the size is not measured; once free, it is. */
    @Test
    void aBusyWriterLeavesTheSizeNotMeasured() throws Exception {
        RunResult r = Harness.run(shared("telemetry_busy").build());
        assertEquals(0, r.exitCode(), r.failure());
        EmbeddedQuestDb server = EmbeddedQuestDbFixture.server();
        QuestDbSql sql = new QuestDbSql(QuestDbEndpoint.embedded(server));
        io.questdb.cairo.CairoEngine engine = server.engine();
        try (Connection c = sql.connect()) {
            try (io.questdb.cairo.TableWriter busy = engine.getWriter(engine.verifyTableName("telemetry_busy"), "test")) {
                assertEquals(-1, TableDisk.bytes(server, c, "telemetry_busy"));
            }
            assertTrue(TableDisk.bytes(server, c, "telemetry_busy") >= r.totals().counts().rows() * ROW_BYTES);
        }
    }

    /** With its own embedded server a run reports the bytes per row (within the bounds above) and the compression. */
    @Test
    void anEmbeddedRunReportsBytesPerRowAndCompression() throws Exception {
        RunResult r = Harness.run(run("telemetry_embedded").build());
        assertEquals(0, r.exitCode(), r.failure());
        ServerUsage s = r.resources().server();
        assertTrue(s.bytesPerRow() >= ROW_BYTES && s.bytesPerRow() <= ROW_BYTES * 1.1 + 256.0 * 1024 / r.totals().counts().rows(),
                "bytes per row " + s.bytesPerRow() + ": " + s.unavailable());
        assertNull(s.unavailable().get("stored_bytes"));
        assertEquals(s.storedBytesEnd(), r.storedBytes().getAsLong(), "one table: the run's and the server's size are one");
        assertTrue(r.compressionRatio().orElse(0) > 0, "compression " + r.compressionRatio());
    }

    /** {@code du --block-size=1 -s} of the directories, their WAL ({@code wal*}) and sequencer ({@code txn_seq}) left out. */
    private static long du(List<String> dirs) throws Exception {
        List<String> cmd = new ArrayList<>(List.of("du", "--block-size=1", "-s", "-c", "--exclude=wal*", "--exclude=txn_seq"));
        cmd.addAll(dirs);
        Process p = new ProcessBuilder(cmd).redirectErrorStream(true).start();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertEquals(0, p.waitFor(), out);
        String[] lines = out.strip().split("\n");
        return Long.parseLong(lines[lines.length - 1].split("\\s+")[0]); // the total
    }
}
