package io.dbharness.core.engine;

import io.dbharness.core.api.Shard;
import io.dbharness.core.api.SqlAccess;
import io.dbharness.core.api.SqlTransactions;
import io.dbharness.core.api.TargetAdapter;
import io.dbharness.core.api.TargetException;
import io.dbharness.core.dialect.StatementTexts;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;

/**
 * "Shard 0 has prepared" as a row on the target itself ({@code dbharness_shards}, one row per run group): shard 0
 * removes its group's row before preparing and writes it once done; the other shards wait for it. Only the
 * PostgreSQL family (SqlTransactions) holds the table; on the other targets shards do not wait (use {@code --start-at} to leave shard 0
 * time to prepare).
 */
final class ShardBarrier {

    private static final StatementTexts SQL = StatementTexts.sql(ShardBarrier.class.getClassLoader(), "io/dbharness/core/engine/sql");
    private static final long POLL_MILLIS = 250;

    private final SqlAccess access;
    private final Shard shard;

    private ShardBarrier(SqlAccess access, Shard shard) {
        this.access = access;
        this.shard = shard;
    }

    /** The barrier of a sharded run on a target that can hold it; null when there is none. */
    static ShardBarrier of(TargetAdapter target, Shard shard) {
        if (shard == null || shard.count() == 1) {
            return null;
        }
        // the PostgreSQL family: a table it can create, insert into and delete from (QuestDB's SQL has no DELETE)
        return target.capability(SqlTransactions.class).map(a -> new ShardBarrier(a, shard)).orElse(null);
    }

    /** Shard 0, before preparing: a row left by an earlier run of the same group must not release the others. */
    void clear() throws TargetException {
        run("shard_table", false);
        run("shard_clear", true);
    }

    /** Shard 0, once prepared. */
    void mark() throws TargetException {
        run("shard_table", false);
        run("shard_mark", true);
    }

    /**
     * Shards after 0: waits for shard 0's row up to {@code wait}, checking {@code stop} (Ctrl-C) between polls.
     *
     * @throws TargetException TIMEOUT (exit 3) when the row did not appear in time
     */
    void await(Duration wait, String waitText, StopSignal stop, String what) throws TargetException {
        long deadline = System.nanoTime() + wait.toNanos();
        String lastProblem = null;
        while (true) {
            try {
                if (found()) {
                    return;
                }
                lastProblem = null;
            } catch (SQLException e) { // the table is not there yet, or the server not yet up: keep waiting
                lastProblem = String.valueOf(e.getMessage()).lines().findFirst().orElse("");
            }
            if (stop.isRequested()) {
                throw new TargetException(TargetException.Kind.FATAL, "shard " + shard + ": stopped while waiting for shard 0");
            }
            if (System.nanoTime() - deadline >= 0) {
                throw new TargetException(TargetException.Kind.TIMEOUT, "shard " + shard + ": the schema shard 0 prepares"
                        + " did not appear within " + waitText + " (" + what + "; no row for run group '"
                        + shard.runGroup() + "' in dbharness_shards" + (lastProblem == null ? "" : ": " + lastProblem) + ")");
            }
            try {
                stop.await(POLL_MILLIS * 1_000_000L);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new TargetException(TargetException.Kind.FATAL, "shard " + shard + ": interrupted while waiting for shard 0");
            }
        }
    }

    private boolean found() throws SQLException {
        try (Connection c = access.dataSource().getConnection();
             PreparedStatement ps = c.prepareStatement(SQL.get("shard_find"))) {
            ps.setString(1, shard.runGroup());
            try (ResultSet rs = ps.executeQuery()) {
                return rs.next() && rs.getLong(1) > 0;
            }
        }
    }

    private void run(String id, boolean withGroup) throws TargetException {
        try (Connection c = access.dataSource().getConnection()) {
            c.setAutoCommit(true);
            if (withGroup) {
                try (PreparedStatement ps = c.prepareStatement(SQL.get(id))) {
                    ps.setString(1, shard.runGroup());
                    ps.executeUpdate();
                }
            } else {
                try (Statement st = c.createStatement()) {
                    st.execute(SQL.get(id));
                }
            }
        } catch (SQLException e) {
            throw access.failure(e, "shard " + shard + ": the control table dbharness_shards");
        }
    }
}
