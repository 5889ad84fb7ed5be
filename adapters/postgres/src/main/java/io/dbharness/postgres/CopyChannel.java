package io.dbharness.postgres;

import org.postgresql.PGConnection;
import org.postgresql.copy.CopyIn;
import org.postgresql.copy.CopyManager;

import java.sql.Connection;
import java.sql.SQLException;
import java.util.function.Predicate;

/**
 * One COPY FROM STDIN over a driver's copy API. Family drivers (YugabyteDB's, openGauss's) are forks of
 * pgjdbc with the same API under their own package, so each flavor hands the COPY writer its own channel,
 * built with {@link #of} from its driver's methods; sending, ending and cancelling a failed COPY stay here.
 */
@FunctionalInterface
public interface CopyChannel {

    /**
     * Runs {@code sql}, sends {@code len} bytes and returns the rows the server reports; cancels on failure. A
     * failure once all the data was sent, while the server ends the COPY (and in autocommit commits it), comes
     * as an {@link EndFailure}: only then can the rows be stored although the call failed.
     */
    long copy(String sql, byte[] data, int off, int len) throws SQLException;

    /** A COPY that failed after its data went out whole, with the driver's message, SQLSTATE and cause. */
    final class EndFailure extends SQLException {
        public EndFailure(SQLException e) {
            super(e.getMessage(), e.getSQLState(), e.getErrorCode(), e);
        }
    }

    /** A driver call that may throw SQLException. */
    @FunctionalInterface
    interface SqlCall<T, R> {
        R apply(T t) throws SQLException;
    }

    /** A driver's {@code writeToCopy(byte[], int, int)}. */
    @FunctionalInterface
    interface SqlWrite<T> {
        void write(T copy, byte[] data, int off, int len) throws SQLException;
    }

    /** A driver's {@code cancelCopy()}. */
    @FunctionalInterface
    interface SqlCancel<T> {
        void cancel(T copy) throws SQLException;
    }

    /**
     * A channel from one driver's copy API, e.g.
     * {@code of(manager::copyIn, CopyIn::writeToCopy, CopyIn::endCopy, CopyIn::isActive, CopyIn::cancelCopy)}.
     */
    static <T> CopyChannel of(SqlCall<String, T> copyIn, SqlWrite<T> write, SqlCall<T, Long> end,
                              Predicate<T> active, SqlCancel<T> cancel) {
        return (sql, data, off, len) -> {
            T in = copyIn.apply(sql);
            boolean sent = false;
            try {
                write.write(in, data, off, len);
                sent = true;
                return end.apply(in);
            } catch (SQLException e) {
                if (active.test(in)) {
                    try {
                        cancel.cancel(in);
                    } catch (SQLException suppressed) {
                        e.addSuppressed(suppressed);
                    }
                }
                throw sent ? new EndFailure(e) : e;
            }
        };
    }

    /** The stock PostgreSQL driver's channel. */
    static CopyChannel postgres(Connection connection) throws SQLException {
        CopyManager copy = connection.unwrap(PGConnection.class).getCopyAPI();
        return of(copy::copyIn, CopyIn::writeToCopy, CopyIn::endCopy, CopyIn::isActive, CopyIn::cancelCopy);
    }
}
