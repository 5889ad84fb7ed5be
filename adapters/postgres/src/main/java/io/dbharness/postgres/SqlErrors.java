package io.dbharness.postgres;

import io.dbharness.core.api.Fate;
import io.dbharness.core.api.TargetException;
import io.dbharness.core.api.TargetException.Kind;
import io.dbharness.core.api.UsageException;
import org.postgresql.util.PSQLException;
import org.postgresql.util.ServerErrorMessage;

import java.io.IOException;
import java.net.ConnectException;
import java.net.NoRouteToHostException;
import java.net.SocketTimeoutException;
import java.net.UnknownHostException;
import java.sql.SQLException;
import java.util.Set;

/**
 * The one place where PostgreSQL errors become {@link TargetException}s, so retry decisions and exit codes
 * follow SQLSTATE consistently across COPY, INSERT and queries. Messages are one line and use the server's
 * primary message, which never carries the password.
 */
final class SqlErrors {

    private static final Set<String> RETRYABLE = Set.of("40001", "40P01", "53300");
    /**
     * The server ended the session: admin_shutdown ({@code pg_terminate_backend}, a fast or smart shutdown),
     * crash_shutdown, cannot_connect_now (starting up or shutting down). The connection is gone.
     */
    private static final Set<String> SESSION_ENDED = Set.of("57P01", "57P02", "57P03");
    /** query_canceled (statement_timeout or a cancel request), lock_not_available (lock_timeout). */
    private static final Set<String> TIMED_OUT = Set.of("57014", "55P03");

    private SqlErrors() {
    }

    static Kind kind(SQLException e) {
        String state = sqlState(e);
        if (RETRYABLE.contains(state)) {
            return Kind.RETRYABLE;
        }
        if (connectionLost(e)) {
            return Kind.UNREACHABLE;
        }
        if (TIMED_OUT.contains(state)) {
            return Kind.TIMEOUT;
        }
        if (state.startsWith("28")) {
            return Kind.AUTHENTICATION;
        }
        return Kind.FATAL;
    }

    /** Whether the connection the error came on is gone (rather than the statement refused). */
    static boolean connectionLost(SQLException e) {
        String state = sqlState(e);
        return state.startsWith("08") || SESSION_ENDED.contains(state) || ioCause(e) != null;
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
        e = unwrapPool(e);
        String state = sqlState(e);
        String code = state.isEmpty() ? "" : " (SQLSTATE " + state + ")";
        return new TargetException(kind(e), fate, state, context + " failed: " + primaryMessage(e) + code, e);
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
     * one (refused, too many clients...): that reason is what the user needs.
     */
    private static SQLException unwrapPool(SQLException e) {
        return e instanceof java.sql.SQLTransientConnectionException && e.getCause() instanceof SQLException c ? c : e;
    }

    /** SQLSTATE of the first exception in the cause chain that has one (Hikari wraps the driver's). */
    static String sqlState(Throwable e) {
        for (Throwable t = e; t != null; t = t.getCause()) {
            if (t instanceof SQLException s && s.getSQLState() != null) {
                return s.getSQLState();
            }
        }
        return "";
    }

    private static String primaryMessage(Throwable e) {
        for (Throwable t = e; t != null; t = t.getCause()) {
            if (t instanceof PSQLException p) {
                ServerErrorMessage m = p.getServerErrorMessage();
                if (m != null && m.getMessage() != null) {
                    return m.getMessage();
                }
            }
        }
        // forks of the driver (YugabyteDB's, openGauss's) have their own exception class: same text shape
        String msg = e.getMessage() == null ? e.getClass().getSimpleName() : e.getMessage();
        int nl = msg.indexOf('\n');
        msg = nl < 0 ? msg : msg.substring(0, nl);
        return msg.replaceFirst("^(ERROR|FATAL|PANIC): ", "");
    }

    private static IOException ioCause(Throwable e) {
        for (Throwable t = e; t != null; t = t.getCause()) {
            if (t instanceof IOException io) {
                return io;
            }
        }
        return null;
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
