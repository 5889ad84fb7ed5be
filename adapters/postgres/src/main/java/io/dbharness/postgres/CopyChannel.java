package io.dbharness.postgres;

import org.postgresql.PGConnection;
import org.postgresql.copy.CopyIn;
import org.postgresql.copy.CopyManager;

import java.sql.Connection;
import java.sql.SQLException;

/**
 * One COPY FROM STDIN over a driver's copy API. Family drivers (YugabyteDB's, openGauss's) are forks of
 * pgjdbc with the same API under their own package, so each flavor hands the COPY writer its own channel.
 */
@FunctionalInterface
public interface CopyChannel {

    /** Runs {@code sql}, sends {@code len} bytes and returns the rows the server reports; cancels on failure. */
    long copy(String sql, byte[] data, int off, int len) throws SQLException;

    /** The stock PostgreSQL driver's channel. */
    static CopyChannel postgres(Connection connection) throws SQLException {
        CopyManager copy = connection.unwrap(PGConnection.class).getCopyAPI();
        return (sql, data, off, len) -> {
            CopyIn in = copy.copyIn(sql);
            try {
                in.writeToCopy(data, off, len);
                return in.endCopy();
            } catch (SQLException e) {
                if (in.isActive()) {
                    try {
                        in.cancelCopy();
                    } catch (SQLException suppressed) {
                        e.addSuppressed(suppressed);
                    }
                }
                throw e;
            }
        };
    }
}
