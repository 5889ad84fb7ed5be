package io.dbharness.questdb;

import io.dbharness.core.api.MetricCatalogue;
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
 * {@code wal_tables()}, rows from {@code table_storage()}. Its statements as resources under {@code sql/telemetry/}.
 * Rows and bytes are read once the WAL is applied (waited for up to {@link #APPLY_WAIT_MILLIS}): the rows the server
 * took in are then comparable with the rows the run wrote. Bytes are those of the embedded server's table files
 * ({@link TableDisk}); a remote server's are not measured, as {@code table_storage()}'s {@code diskSize} is mostly
 * preallocated pages and WAL. QuestDB has no wait events and no statement statistics: said so.
 */
final class QuestDbTelemetry implements ServerTelemetry {

    static final StatementTexts TEXTS = StatementTexts.sql(QuestDbTelemetry.class.getClassLoader(),
            "io/dbharness/questdb/sql/telemetry");
    /** How long a reading of the rows waits for the WAL to be applied. */
    static final long APPLY_WAIT_MILLIS = 10_000;

    static final String REMOTE_SIZE = "not measured: QuestDB's table_storage() counts the WAL and the pages it"
            + " allocates ahead of the rows (16 MiB per column of a partition being written), not the data;"
            + " measured on the embedded server only";

    private final QuestDbSql sql;
    /** The embedded server, whose files can be measured; null for a remote one. */
    private final EmbeddedQuestDb embedded;

    QuestDbTelemetry(QuestDbSql sql, EmbeddedQuestDb embedded) {
        this.sql = sql;
        this.embedded = embedded;
    }

    @Override
    public Session open() throws io.dbharness.core.api.TargetException {
        try {
            return new QdbSession(sql.connect(), embedded);
        } catch (SQLException e) {
            throw QuestDbSql.classify(e, "opening the telemetry's connection");
        }
    }

    /** What the sessions report, for summaries, reports and explain. */
    static final MetricCatalogue METRICS = MetricCatalogue.resource(QuestDbTelemetry.class, "telemetry-metrics.txt");

    static final class QdbSession implements Session {

        private final Connection c;
        private final EmbeddedQuestDb embedded;
        private final io.dbharness.core.api.Unavailable unavailable = new io.dbharness.core.api.Unavailable();
        /** wal_tables() as the last counters read it: the gauges of the same interval come from it too. */
        private long[] lastWal;
        private boolean walBroken;
        private boolean storageBroken;
        private double rows = -1;
        /** Why the connection went away (a restart), null while it holds: then every read gives nothing. */
        private String lost;

        QdbSession(Connection c, EmbeddedQuestDb embedded) {
            this.c = c;
            this.embedded = embedded;
            if (embedded == null) {
                unavailable.put("stored_bytes", REMOTE_SIZE);
            }
            unavailable.put("waits", "QuestDB has no wait events to sample");
            unavailable.put("statements", "QuestDB keeps no statistics per statement");
        }

        /** Its counters, gauges and wait events, declared in telemetry-metrics.txt beside it. */
        @Override
        public MetricCatalogue metrics() {
            return METRICS;
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

        /**
         * Bytes of the embedded server's tables on disk, -1 for a remote server or when the WAL was not applied
         * (the size of half-applied tables is no run's); reads the rows with them, once the WAL is applied.
         */
        @Override
        public long storedBytes() {
            if (lost != null) {
                return -1;
            }
            boolean applied = awaitApplied();
            readRows();
            if (embedded == null) {
                return -1;
            }
            if (!applied) {
                unavailable.put("stored_bytes", "not measured: the WAL was not applied within "
                        + APPLY_WAIT_MILLIS / 1000 + " s");
                return -1;
            }
            try {
                long bytes = TableDisk.bytes(embedded, c, null);
                if (bytes < 0) {
                    unavailable.put("stored_bytes", "not measured: the server was writing (a table's writer was busy)");
                }
                return bytes;
            } catch (SQLException e) {
                if (!lostBy(e)) {
                    unavailable.put("stored_bytes", "not measured: " + message(e));
                }
            } catch (java.io.IOException | RuntimeException e) {
                unavailable.put("stored_bytes", "not measured: " + e);
            }
            return -1;
        }

        private void readRows() {
            if (storageBroken) {
                return;
            }
            try (Statement st = c.createStatement(); ResultSet rs = st.executeQuery(TEXTS.get("table_storage"))) {
                rows = rs.next() ? rs.getDouble(1) : -1;
            } catch (SQLException e) {
                if (!lostBy(e)) {
                    storageBroken = true;
                    unavailable.put("table_storage", message(e));
                }
                rows = -1;
            }
        }

        /** Rows in the tables as of the last {@link #storedBytes()} (the engine reads them together). */
        @Override
        public double pointsWritten() {
            return rows;
        }

        /**
         * Until every WAL table has applied what it committed, a suspended one aside; bounded. False when it was not
         * seen applied (wal_tables() unreadable, a table suspended, the time up).
         */
        private boolean awaitApplied() {
            long until = System.nanoTime() + APPLY_WAIT_MILLIS * 1_000_000L;
            while (System.nanoTime() < until) {
                long[] w = wal();
                if (w == null || w[2] > 0) {
                    return false;
                }
                if (w[0] >= w[1]) {
                    return true;
                }
                try {
                    Thread.sleep(20);
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                    return false;
                }
            }
            unavailable.put("rows", "the WAL was not applied within " + APPLY_WAIT_MILLIS / 1000 + " s: rows counted before it was");
            return false;
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
