package io.dbharness.postgres;

import io.dbharness.core.api.Fate;
import io.dbharness.core.api.SqlFailures;
import io.dbharness.core.api.TargetException;
import io.dbharness.core.api.TargetException.Kind;
import io.dbharness.core.api.UsageException;

import java.io.IOException;
import java.net.ConnectException;
import java.net.NoRouteToHostException;
import java.net.SocketTimeoutException;
import java.net.UnknownHostException;
import java.sql.SQLException;

/**
 * The PostgreSQL family's errors as {@link TargetException}s: the shared {@link SqlFailures} rules with the
 * family's variant ({@link #RULES}), so retry decisions and exit codes follow SQLSTATE consistently across COPY,
 * INSERT, queries and SQL workloads, and a failure to connect phrased for someone who gave a host and a user.
 */
final class SqlErrors {

    /**
     * The PostgreSQL family's variant of the shared rules: serialization failure, deadlock and too many
     * connections are retried; the server ending the session (admin_shutdown: {@code pg_terminate_backend}, a
     * fast or smart shutdown; crash_shutdown; cannot_connect_now) means the connection is gone; query_canceled
     * (statement_timeout or a cancel request) and lock_not_available (lock_timeout) are timeouts.
     */
    static final SqlFailures RULES = SqlFailures.STANDARD.withRetryable("40001", "40P01", "53300")
            .withSessionEnded("08", "57P01", "57P02", "57P03").withTimedOut("57014", "55P03");

    private SqlErrors() {
    }

    static Kind kind(SQLException e) {
        return RULES.kind(unwrapPool(e));
    }

    /** Whether the connection the error came on is gone (rather than the statement refused). */
    static boolean connectionLost(SQLException e) {
        return RULES.connectionLost(unwrapPool(e));
    }

    /** An error before or outside a write: nothing was applied. */
    static TargetException classify(SQLException e, String context) {
        return classify(e, context, Fate.NOT_APPLIED);
    }

    /**
     * An error during work: {@code context} says what was being done, e.g. {@code COPY into "t"}; {@code fate}
     * what the failed statement can have left in the table.
     */
    static TargetException classify(SQLException e, String context, Fate fate) {
        return RULES.classify(unwrapPool(e), context, fate);
    }

    /**
     * A failure to connect, phrased for someone who only gave a host and a user.
     *
     * @throws UsageException when the database does not exist (3D000): a name to fix, not a server to reach
     */
    static TargetException connectFailure(SQLException e, String product, PostgresEndpoint where) {
        e = unwrapPool(e);
        String state = sqlState(e);
        Kind kind = kind(e);
        String endpoint = where.display();
        String user = where.user();
        if (state.equals("3D000")) {
            // without a database in the URL the server looks for one named after the user
            String database = where.database().isEmpty() ? where.user() : where.database();
            throw new UsageException("database \"" + database + "\" does not exist on " + product + " at "
                    + where.server() + "; create it or pick another " + (where.fromUrl() ? "in --url" : "with --database"));
        }
        if (kind == Kind.AUTHENTICATION) {
            String reason = state.equals("28P01") ? "password authentication failed" : primaryMessage(e);
            return new TargetException(kind, state, product + " refused the credentials for user '" + user + "' at "
                    + endpoint + " (" + reason + ")", e);
        }
        if (kind == Kind.UNREACHABLE) {
            return new TargetException(kind, state, "cannot connect to " + product + " at " + endpoint + ": " + ioReason(e), e);
        }
        return new TargetException(kind, state, "cannot connect to " + product + " at " + endpoint + ": " + primaryMessage(e)
                + (state.isEmpty() ? "" : " (SQLSTATE " + state + ")"), e);
    }

    /**
     * The pool's "connection is not available, request timed out" wraps the driver's reason for not getting
     * one (refused, too many clients...): that reason is what the user needs. Once the pool has seen a
     * connection break it closes its proxy, whose every call then fails with "Connection is closed" and no
     * SQLSTATE: that is the connection lost too (08003), not a fault of the statement.
     */
    private static SQLException unwrapPool(SQLException e) {
        if (e instanceof java.sql.SQLTransientConnectionException && e.getCause() instanceof SQLException c) {
            return c;
        }
        if (e.getSQLState() == null && "Connection is closed".equals(e.getMessage())) {
            return new SQLException("the connection was closed after it broke", "08003", e);
        }
        return e;
    }

    static String sqlState(Throwable e) {
        return SqlFailures.sqlState(e);
    }

    private static String primaryMessage(Throwable e) {
        return SqlFailures.message(e);
    }

    private static IOException ioCause(Throwable e) {
        return SqlFailures.ioCause(e);
    }

    private static String ioReason(SQLException e) {
        IOException io = ioCause(e);
        if (io instanceof ConnectException) {
            return "connection refused";
        }
        if (io instanceof UnknownHostException) {
            return "unknown host '" + io.getMessage() + "'";
        }
        if (io instanceof SocketTimeoutException) {
            return "timed out";
        }
        if (io instanceof NoRouteToHostException) {
            return "no route to host";
        }
        if (io != null && io.getMessage() != null) {
            return io.getMessage();
        }
        return primaryMessage(e);
    }
}
