package io.dbharness.questdb;

import io.dbharness.core.api.ServerTelemetry;
import io.dbharness.core.dialect.StatementTexts;

import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.Map;
import java.util.TreeMap;

/**
 * QuestDB's own account of a run, over its PostgreSQL wire protocol on a connection of its own (the same for an
 * embedded server and one named by URL): WAL transactions committed and applied (and the lag between them) from
 * {@code wal_tables()}, rows and bytes on disk from {@code table_storage()}. Its statements as resources under
 * {@code sql/telemetry/}. At the end, rows are read once the WAL is applied (waited for up to
 * {@link #APPLY_WAIT_MILLIS}): the rows the server took in are then comparable with the rows the run wrote.
 * QuestDB has no wait events and no statement statistics: said so.
 */
final class QuestDbTelemetry implements ServerTelemetry {

    static final StatementTexts TEXTS = StatementTexts.sql(QuestDbTelemetry.class.getClassLoader(),
            "io/dbharness/questdb/sql/telemetry");
    /** How long a reading of the rows waits for the WAL to be applied. */
    static final long APPLY_WAIT_MILLIS = 10_000;

    private final QuestDbSql sql;

    QuestDbTelemetry(QuestDbSql sql) {
        this.sql = sql;
    }

    @Override
    public Session open() throws io.dbharness.core.api.TargetException {
        try {
            return new QdbSession(sql.connect());
        } catch (SQLException e) {
            throw QuestDbSql.classify(e, "opening the telemetry's connection");
        }
    }

    static final class QdbSession implements Session {

        private final Connection c;
        private final io.dbharness.core.api.Unavailable unavailable = new io.dbharness.core.api.Unavailable();
        /** wal_tables() as the last counters read it: the gauges of the same interval come from it too. */
        private long[] lastWal;
        private boolean walBroken;
        private boolean storageBroken;
        private double rows = -1;
        /** Why the connection went away (a restart), null while it holds: then every read gives nothing. */
        private String lost;

        QdbSession(Connection c) {
            this.c = c;
            unavailable.put("waits", "QuestDB has no wait events to sample");
            unavailable.put("statements", "QuestDB keeps no statistics per statement");
        }

        /** Transactions committed to and applied from the WAL, over every WAL table. */
        @Override
        public Map<String, Double> counters() {
            Map<String, Double> out = new TreeMap<>();
            long[] w = wal();
            lastWal = w;
            if (w != null) {
                out.put("wal_transactions_applied", (double) w[0]);
                out.put("wal_transactions_committed", (double) w[1]);
            }
            return out;
        }

        /** The levels of the reading the counters just made (read right after them by the engine). */
        @Override
        public Map<String, Double> gauges() {
            Map<String, Double> out = new TreeMap<>();
            long[] w = lastWal;
            if (w != null) {
                out.put("wal_apply_lag_transactions", (double) (w[1] - w[0]));
                out.put("wal_tables_suspended", (double) w[2]);
            }
            return out;
        }

        /** {applied, committed, suspended tables}, or null when wal_tables() cannot be read. */
        private long[] wal() {
            if (walBroken || lost != null) {
                return null;
            }
            long[] out = new long[3];
            try (Statement st = c.createStatement(); ResultSet rs = st.executeQuery(TEXTS.get("wal_tables"))) {
                while (rs.next()) {
                    out[0] += rs.getLong(3);
                    out[1] += rs.getLong(4);
                    out[2] += rs.getBoolean(2) ? 1 : 0;
                }
                return out;
            } catch (SQLException e) {
                if (!lostBy(e)) {
                    walBroken = true;
                    unavailable.put("wal_tables", message(e));
                }
                return null;
            }
        }

        /** Bytes on disk of every table; reads the rows with them, once the WAL is applied. */
        @Override
        public long storedBytes() {
            if (storageBroken || lost != null) {
                return -1;
            }
            awaitApplied();
            try (Statement st = c.createStatement(); ResultSet rs = st.executeQuery(TEXTS.get("table_storage"))) {
                if (!rs.next()) {
                    return -1;
                }
                rows = rs.getDouble(1);
                return rs.getLong(2);
            } catch (SQLException e) {
                if (!lostBy(e)) {
                    storageBroken = true;
                    unavailable.put("table_storage", message(e));
                }
                rows = -1;
                return -1;
            }
        }

        /** Rows in the tables as of the last {@link #storedBytes()} (the engine reads them together). */
        @Override
        public double pointsWritten() {
            return rows;
        }

        /** Until every WAL table has applied what it committed, a suspended one aside; bounded. */
        private void awaitApplied() {
            long until = System.nanoTime() + APPLY_WAIT_MILLIS * 1_000_000L;
            while (System.nanoTime() < until) {
                long[] w = wal();
                if (w == null || w[0] >= w[1] || w[2] > 0) {
                    return;
                }
                try {
                    Thread.sleep(20);
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                    return;
                }
            }
            unavailable.put("rows", "the WAL was not applied within " + APPLY_WAIT_MILLIS / 1000 + " s: rows counted before it was");
        }

        @Override
        public Map<String, String> unavailable() {
            return unavailable.snapshot();
        }

        @Override
        public String lost() {
            return lost;
        }

        /** Whether {@code e} says the connection went away rather than the read was refused; then the session is lost. */
        private boolean lostBy(SQLException e) {
            if (QuestDbSql.RULES.connectionLost(e)) {
                lost = message(e);
                return true;
            }
            return false;
        }

        @Override
        public void close() {
            try {
                c.close();
            } catch (SQLException ignored) {
                // going away anyway
            }
        }

        private static String message(SQLException e) {
            String m = e.getMessage() == null ? e.getClass().getSimpleName() : e.getMessage().strip();
            int nl = m.indexOf('\n');
            return nl < 0 ? m : m.substring(0, nl);
        }
    }
}
