package io.dbharness.core.api;

import java.sql.Connection;
import java.sql.SQLException;
import java.util.List;
import javax.sql.DataSource;

/**
 * Plain JDBC access for workloads that speak SQL themselves (queries, TPC-C, verification). What the workload
 * cannot know about the product behind it (which of its SQL texts apply, what an error code means, how to
 * cancel a statement or stream a COPY) it asks here, so it never names a product.
 */
public interface SqlAccess extends Capability {

    DataSource dataSource();

    /**
     * The SQL dialects this target speaks, most specific first (e.g. {@code yugabyte, postgres, sql}): a
     * workload looks its per-dialect texts up in this order.
     */
    default List<String> dialects() {
        return List.of("sql");
    }

    /**
     * A failure of this target's driver as the engine understands it: serialization failures and deadlocks
     * RETRYABLE, a lost connection UNREACHABLE, a statement past its timeout TIMEOUT. {@code context} says what
     * was being done, e.g. {@code New-Order}; the message is one line without secrets.
     */
    default TargetException failure(SQLException e, String context) {
        return SqlFailures.STANDARD.classify(e, context);
    }

    /** Cancels the statement running on {@code connection}, from another thread; the connection stays usable. */
    default void cancel(Connection connection) throws SQLException {
    }

    /**
     * Runs {@code copySql} ({@code COPY t (a, b) FROM STDIN}) on {@code connection} with {@code len} bytes of
     * {@code data} in the format the statement names; returns the rows the server reports. Every
     * {@link SqlTransactions} target has it; others throw UnsupportedOperationException.
     */
    default long copyIn(Connection connection, String copySql, byte[] data, int off, int len) throws SQLException {
        throw new UnsupportedOperationException("this target has no COPY");
    }
}
