package io.dbharness.questdb;

import io.dbharness.core.api.TargetException;
import io.dbharness.core.api.TargetException.Kind;

import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;

/**
 * Waits until QuestDB has applied a WAL table's committed transactions to the table.
 *
 * <p>A line-protocol write is committed to the table's write-ahead log when the server answers, but a
 * background job applies it to the table later, and {@code count()} only sees applied rows. An exact
 * {@code --verify} therefore waits until {@code wal_tables()} shows {@code writerTxn == sequencerTxn}. The wait
 * is bounded by progress, not by a total: it continues while the writer keeps advancing (a big run may take a
 * while to apply) and gives up after {@link #STALL_MILLIS} without progress, or at once when the table is
 * suspended (the server hit an error applying it; its message is shown).
 */
final class WalApply {

    static final long STALL_MILLIS = 60_000;
    private static final long POLL_MILLIS = 20;

    private WalApply() {
    }

    /** Returns at once for a table that is not a WAL table or does not exist. */
    static void await(Connection c, String table) throws SQLException, TargetException {
        long lastWriter = Long.MIN_VALUE;
        long lastProgress = System.nanoTime();
        try (Statement st = c.createStatement()) {
            while (true) {
                Row row = read(st, table);
                if (row == null || row.writerTxn >= row.sequencerTxn) {
                    return;
                }
                if (row.suspended) {
                    throw new TargetException(Kind.FATAL, null, "QuestDB suspended WAL table "
                            + QuestDbTables.quote(table) + " while applying it: " + row.error, null);
                }
                long now = System.nanoTime();
                if (row.writerTxn != lastWriter) {
                    lastWriter = row.writerTxn;
                    lastProgress = now;
                } else if ((now - lastProgress) / 1_000_000 > STALL_MILLIS) {
                    throw new TargetException(Kind.FATAL, null, "QuestDB applied no WAL transaction of "
                            + QuestDbTables.quote(table) + " for " + STALL_MILLIS / 1000 + " s (applied "
                            + row.writerTxn + " of " + row.sequencerTxn + ")", null);
                }
                try {
                    Thread.sleep(POLL_MILLIS);
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                    throw new TargetException(Kind.FATAL, null, "interrupted waiting for QuestDB to apply "
                            + QuestDbTables.quote(table), e);
                }
            }
        }
    }

    private record Row(boolean suspended, long writerTxn, long sequencerTxn, String error) {
    }

    /** Names compare case-insensitively, as QuestDB's do. */
    private static Row read(Statement st, String table) throws SQLException {
        try (ResultSet rs = st.executeQuery("SELECT name, suspended, writerTxn, sequencerTxn, errorMessage FROM wal_tables()")) {
            while (rs.next()) {
                if (rs.getString(1).equalsIgnoreCase(table)) {
                    return new Row(rs.getBoolean(2), rs.getLong(3), rs.getLong(4), rs.getString(5));
                }
            }
            return null;
        }
    }
}
