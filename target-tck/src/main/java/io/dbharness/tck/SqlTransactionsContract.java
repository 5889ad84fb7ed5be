package io.dbharness.tck;

import io.dbharness.core.api.CommitTracking;
import io.dbharness.core.api.Fate;
import io.dbharness.core.api.SqlTransactions;
import io.dbharness.core.api.TargetAdapter;
import io.dbharness.core.api.TargetException;
import org.junit.jupiter.api.Test;

import java.nio.charset.StandardCharsets;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.FutureTask;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The contract of every target with {@link SqlTransactions} (the PostgreSQL family): transactions of several
 * statements, isolation levels, the classification of what goes wrong in them ({@code failure()}), cancelling a
 * statement, COPY, and settling a transaction by its id. It works on a table of its own,
 * {@code (id integer PRIMARY KEY, v integer)} with rows 1 to 3, through the target's {@code dataSource()} (whose
 * sessions have {@code --op-timeout} as their statement timeout).
 */
public abstract class SqlTransactionsContract extends Contract {

    // ---- hooks ----

    /** Whether {@code commitTracking()} must be present (PostgreSQL 10 and later) or empty (the others). */
    protected abstract boolean tracksCommits();

    /** The session's server process id, as the server's lock view names it. */
    protected long backendPid(Connection c) throws SQLException {
        try (Statement st = c.createStatement(); ResultSet rs = st.executeQuery("SELECT pg_backend_pid()")) {
            rs.next();
            return rs.getLong(1);
        }
    }

    /** Whether session {@code pid} waits for a lock, asked on {@code observer}. */
    protected boolean waitsForALock(Connection observer, long pid) throws SQLException {
        try (PreparedStatement ps = observer.prepareStatement("SELECT count(*) FROM pg_locks WHERE pid = ? AND NOT granted")) {
            ps.setLong(1, pid);
            try (ResultSet rs = ps.executeQuery()) {
                rs.next();
                return rs.getLong(1) > 0;
            }
        }
    }

    // ---- the kit ----

    private String table() {
        return table("tx");
    }

    /** Opens the target (a pool large enough for the sessions a clause holds at once) and makes the table anew. */
    private TargetAdapter openWithTable(Map<String, String> extra) throws Exception {
        Map<String, String> options = new java.util.HashMap<>(extra);
        options.put("workers", "4");
        TargetAdapter t = open(options);
        try (Connection c = sql(t).dataSource().getConnection(); Statement st = c.createStatement()) {
            st.execute("DROP TABLE IF EXISTS " + table());
            st.execute("CREATE TABLE " + table() + " (id integer PRIMARY KEY, v integer)");
            st.execute("INSERT INTO " + table() + " (id, v) VALUES (1, 0), (2, 0), (3, 0)");
        } catch (SQLException | RuntimeException e) {
            t.close();
            throw e;
        }
        return t;
    }

    protected static SqlTransactions sql(TargetAdapter t) {
        return t.capability(SqlTransactions.class).orElseThrow(() -> new AssertionError(
                "the target offers no SqlTransactions: SqlTransactionsContract is for targets that run transactions"));
    }

    private long count(Connection c, String where) throws SQLException {
        try (Statement st = c.createStatement(); ResultSet rs = st.executeQuery("SELECT count(*) FROM " + table() + " WHERE " + where)) {
            rs.next();
            return rs.getLong(1);
        }
    }

    private long v(Connection c, int id) throws SQLException {
        try (Statement st = c.createStatement(); ResultSet rs = st.executeQuery("SELECT v FROM " + table() + " WHERE id = " + id)) {
            assertTrue(rs.next(), "row " + id);
            return rs.getLong(1);
        }
    }

    private void update(Connection c, int id, String set) throws SQLException {
        try (Statement st = c.createStatement()) {
            st.executeUpdate("UPDATE " + table() + " SET " + set + " WHERE id = " + id);
        }
    }

    /** The target's classification of {@code e}: checked for one line and no secret, and returned. */
    private TargetException classified(SqlTransactions sql, SQLException e, String context) {
        TargetException te = seen(sql.failure(e, context));
        assertTrue(te.getMessage().startsWith(context), "the message says what was being done: " + te.getMessage());
        return te;
    }

    private static void closeQuietly(Connection c) {
        try {
            c.close();
        } catch (SQLException ignored) {
            // a cut connection fails to roll back on its way back to the pool, and is thrown away
        }
    }

    private static void rollbackQuietly(Connection c) {
        try {
            c.rollback();
        } catch (SQLException ignored) {
            // the connection may be gone
        }
    }

    // ---- the clauses ----

    /** Two statements in one transaction: rolled back, neither is there; committed, both are. */
    @Test
    void aTransactionCommitsOrRollsBackAsOne() throws Exception {
        clause(Clause.TX_COMMIT_ROLLBACK);
        try (TargetAdapter t = openWithTable(Map.of()); Connection a = sql(t).dataSource().getConnection();
             Connection other = sql(t).dataSource().getConnection(); Statement st = a.createStatement()) {
            a.setAutoCommit(false);
            st.executeUpdate("INSERT INTO " + table() + " (id, v) VALUES (10, 1)");
            st.executeUpdate("INSERT INTO " + table() + " (id, v) VALUES (11, 1)");
            assertEquals(2, count(a, "id >= 10"), "the transaction sees its own rows");
            assertEquals(0, count(other, "id >= 10"), "no one else does before the commit");
            a.rollback();
            assertEquals(0, count(other, "id >= 10"), "rolled back: neither row");
            st.executeUpdate("INSERT INTO " + table() + " (id, v) VALUES (10, 1)");
            st.executeUpdate("INSERT INTO " + table() + " (id, v) VALUES (11, 1)");
            a.commit();
            assertEquals(2, count(other, "id >= 10"), "committed: both rows");
        }
    }

    /**
     * READ COMMITTED sees another session's commit within its transaction; REPEATABLE READ keeps its snapshot, and
     * updating a row another session changed since is a serialization failure the target classifies RETRYABLE.
     */
    @Test
    void isolationLevelsAreHonoured() throws Exception {
        clause(Clause.TX_ISOLATION);
        try (TargetAdapter t = openWithTable(Map.of()); Connection a = sql(t).dataSource().getConnection();
             Connection b = sql(t).dataSource().getConnection()) {
            a.setTransactionIsolation(Connection.TRANSACTION_READ_COMMITTED);
            a.setAutoCommit(false);
            assertEquals(0, v(a, 1));
            update(b, 1, "v = 1");
            assertEquals(1, v(a, 1), "READ COMMITTED sees what was committed since its transaction began");
            a.commit();

            a.setTransactionIsolation(Connection.TRANSACTION_REPEATABLE_READ);
            assertEquals(Connection.TRANSACTION_REPEATABLE_READ, a.getTransactionIsolation());
            assertEquals(1, v(a, 1));
            update(b, 1, "v = 2");
            assertEquals(1, v(a, 1), "REPEATABLE READ keeps its snapshot");
            SQLException e = assertThrows(SQLException.class, () -> update(a, 1, "v = v + 10"),
                    "REPEATABLE READ cannot update a row changed since its snapshot");
            TargetException te = classified(sql(t), e, "an update of a row changed under REPEATABLE READ");
            assertEquals(TargetException.Kind.RETRYABLE, te.kind(), te.getMessage());
            assertEquals("40001", te.vendorCode(), te.getMessage());
            a.rollback();
            a.setTransactionIsolation(Connection.TRANSACTION_READ_COMMITTED);
            assertEquals(2, v(b, 1), "the failed update left nothing");
        }
    }

    /** Two transactions that wait for each other: one of them is told so, and the target classifies it RETRYABLE. */
    @Test
    void aDeadlockIsRetryable() throws Exception {
        clause(Clause.TX_DEADLOCK);
        try (TargetAdapter t = openWithTable(Map.of()); Connection a = sql(t).dataSource().getConnection();
             Connection b = sql(t).dataSource().getConnection(); Connection observer = sql(t).dataSource().getConnection()) {
            a.setAutoCommit(false);
            b.setAutoCommit(false);
            update(a, 1, "v = 1");
            update(b, 2, "v = 2");
            long pidA = backendPid(a);
            FutureTask<Void> aWaits = background("deadlock", () -> {
                update(a, 2, "v = 1");
                return null;
            });
            Await.until("the first transaction waiting for the second's row", () -> waitsForALock(observer, pidA));
            List<SQLException> failures = new ArrayList<>();
            try {
                update(b, 1, "v = 2");
            } catch (SQLException e) {
                failures.add(e);
                b.rollback(); // the other one goes on
            }
            Ended<Void> end = endsWithin("the first transaction", aWaits, System.nanoTime(), LONG_OP_TIMEOUT.dividedBy(4), null);
            if (end.failure() instanceof SQLException e) {
                failures.add(e);
            }
            assertEquals(1, failures.size(), "one of the two is told of the deadlock: " + failures);
            TargetException te = classified(sql(t), failures.get(0), "an update in a deadlock");
            assertEquals(TargetException.Kind.RETRYABLE, te.kind(), te.getMessage());
            assertEquals("40P01", te.vendorCode(), te.getMessage());
            rollbackQuietly(a);
            rollbackQuietly(b);
        }
    }

    /** A statement on a connection that was cut: UNREACHABLE, so the worker reconnects. */
    @Test
    void aCutConnectionIsUnreachable() throws Exception {
        clause(Clause.TX_LOST_CONNECTION);
        Faults f = faults();
        try (TargetAdapter t = openWithTable(Map.of())) {
            Connection a = sql(t).dataSource().getConnection();
            try {
                a.setAutoCommit(false);
                update(a, 1, "v = 5");
                f.cut();
                SQLException e = assertThrows(SQLException.class, () -> update(a, 2, "v = 5"), "a cut connection fails");
                TargetException te = classified(sql(t), e, "an update on a cut connection");
                assertEquals(TargetException.Kind.UNREACHABLE, te.kind(), te.getMessage());
                assertTrue(te.connectionLost());
            } finally {
                closeQuietly(a);
            }
            try (Connection fresh = working(t)) {
                assertEquals(0, v(fresh, 1), "the cut transaction left nothing");
            }
        }
    }

    /**
     * A statement that waits for a lock past the session's {@code --op-timeout} (1 s) is ended by the server, no
     * sooner, well before the lock is let go, and classified TIMEOUT; the session goes on.
     */
    @Test
    void aStatementPastItsTimeoutIsTimeout() throws Exception {
        clause(Clause.TX_STATEMENT_TIMEOUT);
        try (TargetAdapter t = openWithTable(Map.of("op-timeout", SHORT_OP_TIMEOUT.toMillis() + "ms"));
             Connection a = sql(t).dataSource().getConnection(); Connection b = sql(t).dataSource().getConnection()) {
            a.setAutoCommit(false);
            update(a, 1, "v = 7");
            try {
                long begun = System.nanoTime();
                FutureTask<Void> blocked = background("timeout", () -> {
                    update(b, 1, "v = 8");
                    return null;
                });
                Ended<Void> end = endsWithin("a statement waiting for a lock", blocked, begun, STALL_LIMIT.dividedBy(4), null);
                assertTrue(end.failure() instanceof SQLException, "it fails: " + end.failure());
                assertTrue(end.took().compareTo(SHORT_OP_TIMEOUT) >= 0, "at --op-timeout, not before: " + end.took().toMillis() + " ms");
                TargetException te = classified(sql(t), (SQLException) end.failure(), "an update past its timeout");
                assertEquals(TargetException.Kind.TIMEOUT, te.kind(), te.getMessage());
            } finally {
                a.rollback();
            }
            assertEquals(0, v(b, 1), "the session goes on");
        }
    }

    /** cancel(Connection) ends a statement blocked on a lock well within --op-timeout: TIMEOUT, and the connection stays usable. */
    @Test
    void cancelEndsABlockedStatement() throws Exception {
        clause(Clause.TX_CANCEL);
        try (TargetAdapter t = openWithTable(Map.of("op-timeout", LONG_OP_TIMEOUT.toMillis() + "ms"));
             Connection a = sql(t).dataSource().getConnection(); Connection b = sql(t).dataSource().getConnection();
             Connection observer = sql(t).dataSource().getConnection()) {
            a.setAutoCommit(false);
            update(a, 1, "v = 7");
            try {
                long pidB = backendPid(b);
                FutureTask<Void> blocked = background("cancel", () -> {
                    update(b, 1, "v = 8");
                    return null;
                });
                Await.until("the statement waiting for the lock", () -> waitsForALock(observer, pidB));
                long cancelled = System.nanoTime();
                sql(t).cancel(b);
                Ended<Void> end = endsWithin("a cancelled statement", blocked, cancelled, LONG_OP_TIMEOUT.dividedBy(4), null);
                assertTrue(end.failure() instanceof SQLException, "it fails: " + end.failure());
                TargetException te = classified(sql(t), (SQLException) end.failure(), "a cancelled update");
                assertEquals(TargetException.Kind.TIMEOUT, te.kind(), te.getMessage());
            } finally {
                a.rollback();
            }
            assertEquals(0, v(b, 1), "the connection stays usable");
        }
    }

    /** copyIn loads the rows of the bytes it is given (from an offset) and says how many. */
    @Test
    void copyInLoadsAndCounts() throws Exception {
        clause(Clause.TX_COPY_IN);
        try (TargetAdapter t = openWithTable(Map.of()); Connection c = sql(t).dataSource().getConnection()) {
            byte[] data = "junk20\t1\n21\t2\n22\t3\nmore".getBytes(StandardCharsets.US_ASCII);
            long n = sql(t).copyIn(c, "COPY " + table() + " (id, v) FROM STDIN", data, 4, data.length - 8);
            assertEquals(3, n, "the rows COPY reports");
            assertEquals(3, count(c, "id >= 20"));
            assertEquals(6, v(c, 22) * 2, "values as sent");
        }
    }

    /**
     * Present where the target tracks commits, and then it settles transactions by the id read before their COMMIT:
     * committed, rolled back, and cut off before the COMMIT; empty on the others.
     */
    @Test
    void commitTrackingSettlesTransactions() throws Exception {
        clause(Clause.TX_COMMIT_TRACKING);
        try (TargetAdapter t = openWithTable(Map.of())) {
            Optional<CommitTracking> tracking = sql(t).commitTracking();
            assertEquals(tracksCommits(), tracking.isPresent(), "commitTracking() present iff the target tracks commits");
            if (tracking.isEmpty()) {
                return;
            }
            CommitTracking ct = tracking.get();
            long cutOff;
            Connection a = sql(t).dataSource().getConnection();
            try (Connection other = sql(t).dataSource().getConnection()) {
                a.setAutoCommit(false);
                update(a, 1, "v = 1");
                long committed = ct.transactionId(a);
                a.commit();
                update(a, 2, "v = 2");
                long rolledBack = ct.transactionId(a);
                a.rollback();
                assertEquals(Fate.APPLIED, ct.fate(other, committed), "a committed transaction");
                assertEquals(Fate.NOT_APPLIED, ct.fate(other, rolledBack), "a rolled-back transaction");
                update(a, 3, "v = 3");
                cutOff = ct.transactionId(a);
                faults().cut();
            } finally {
                closeQuietly(a); // cut: its rollback on closing fails
            }
            try (Connection fresh = working(t)) {
                assertEquals(Fate.NOT_APPLIED, ct.fate(fresh, cutOff), "a transaction whose connection was cut before its COMMIT");
                assertEquals(0, v(fresh, 3), "the cut transaction left nothing");
            }
        }
    }

    /** A connection of the pool that works: those the cut left in it are thrown away as they are met. */
    private static Connection working(TargetAdapter t) throws Exception {
        Connection[] found = new Connection[1];
        Await.until("a working connection from the pool", () -> {
            Connection c = sql(t).dataSource().getConnection();
            if (c.isValid(5)) {
                found[0] = c;
                return true;
            }
            closeQuietly(c);
            return false;
        });
        return found[0];
    }

}
