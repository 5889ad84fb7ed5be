package io.dbharness.postgres;

import io.dbharness.core.api.Fate;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.RegisterExtension;

import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * A transaction id across a crash: an id that no WAL record on disk carries is handed out again once the server has
 * recovered, so asking {@code txid_status()} about it answers for another transaction, or says it is in the future.
 * Neither is the lost transaction committing: both must be NOT_APPLIED, or a batch cut by the crash is counted as
 * written (verification then finds it missing) or left in doubt (the run fails).
 */
@org.junit.jupiter.api.Tag("server")
@Timeout(value = 3, unit = TimeUnit.MINUTES)
class TxidAfterCrashTest {

    /** This class's own server: the test crashes it. */
    @RegisterExtension
    static final EmbeddedPostgres server = new EmbeddedPostgres();

    private static final TxidTracking TRACKING = new TxidTracking(new PostgresFlavor(IngestMode.COPY_BINARY, true, false));

    /**
     * Opens a transaction that takes an id and writes nothing, as a batch's does before its rows (no WAL record
     * carries the id yet), kills a backend so the server recovers from a crash, and returns the id with the mark
     * its connection took when it opened.
     */
    private static Object[] idLostInACrash() throws Exception {
        Connection lost = server.admin();
        String mark = TRACKING.mark(lost);
        assertNotNull(mark, "the server says where its latest checkpoint is");
        long id;
        try (Statement st = lost.createStatement()) {
            st.execute("BEGIN");
            id = TRACKING.transactionId(lost);
        }
        crash();
        RowBinder.closeQuietly(lost);
        return new Object[] {id, mark};
    }

    /**
     * Kills a backend, waits for the server to end the other sessions (so it has seen the crash: a connection
     * attempt before that could still succeed), then for it to take connections again after its recovery.
     */
    private static void crash() throws Exception {
        try (Connection canary = server.admin(); Connection victim = server.admin()) {
            long pid = victim.unwrap(org.postgresql.PGConnection.class).getBackendPID();
            assertTrue(ProcessHandle.of(pid).orElseThrow().destroyForcibly(), "SIGKILL to " + pid);
            long until = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
            while (canary.isValid(5)) {
                assertTrue(System.nanoTime() - until < 0, "the server did not end its sessions within 60 s");
                Thread.sleep(20);
            }
        }
        long until = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
        while (true) {
            try (Connection c = server.admin()) {
                return;
            } catch (SQLException recovering) {
                if (System.nanoTime() - until > 0) {
                    throw recovering;
                }
                Thread.sleep(50);
            }
        }
    }

    /** Commits transactions until {@code id} is taken again (the server hands ids out in order); the last id. */
    private static long commitUntilIdIsTaken(long id) throws SQLException {
        try (Connection c = server.admin(); Statement st = c.createStatement()) {
            for (int i = 0; i < 1_000; i++) {
                st.execute("BEGIN");
                long got = TRACKING.transactionId(c);
                st.execute("COMMIT");
                if (got >= id) {
                    return got;
                }
            }
            throw new AssertionError("id " + id + " was not handed out again within 1,000 transactions");
        }
    }

    @Test
    void anIdHandedOutAgainAfterACrashAndCommittedBySomeoneElseIsNotApplied() throws Exception {
        Object[] lost = idLostInACrash();
        long id = (long) lost[0];
        assertEquals(id, commitUntilIdIsTaken(id), "the id was handed out again after the crash");
        try (Connection c = server.admin()) {
            assertEquals(Fate.NOT_APPLIED, TRACKING.fate(c, id, (String) lost[1]),
                    "txid_status answers 'committed' for another transaction with the same id");
        }
    }

    @Test
    void anIdInTheFutureAfterACrashIsNotApplied() throws Exception {
        Object[] lost = idLostInACrash();
        long id = (long) lost[0];
        try (Connection c = server.admin()) {
            // without the mark too: the server says the id is in the future, which no committed id can be
            assertEquals(Fate.NOT_APPLIED, TRACKING.fate(c, id + 1_000, null));
            assertEquals(Fate.NOT_APPLIED, TRACKING.fate(c, id, (String) lost[1]));
        }
    }

    @Test
    void aCommittedIdBeforeACrashIsStillApplied() throws Exception {
        long id;
        String mark;
        try (Connection c = server.admin(); Statement st = c.createStatement()) {
            mark = TRACKING.mark(c);
            st.execute("CREATE TABLE IF NOT EXISTS kept (v int)");
            st.execute("BEGIN");
            id = TRACKING.transactionId(c);
            st.execute("INSERT INTO kept VALUES (1)");
            st.execute("COMMIT");
        }
        crash();
        assertTrue(commitUntilIdIsTaken(id) > id, "a committed id is not handed out again");
        try (Connection c = server.admin()) {
            assertEquals(Fate.APPLIED, TRACKING.fate(c, id, mark));
        }
    }
}
