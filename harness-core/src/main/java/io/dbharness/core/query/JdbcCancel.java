package io.dbharness.core.query;

import java.sql.Connection;
import java.sql.SQLException;

/**
 * How a JDBC session cancels the statement in flight when the engine asks ({@code WorkerSession.cancel()}, called
 * again while it has not returned): the first time a cancel request (the statement fails, the connection stays
 * usable), sent from a thread of its own because the driver waits for the server's answer and a stopped server
 * must not hold the engine there; any later time the connection is aborted, which closes its socket.
 */
public final class JdbcCancel {

    /** A driver's cancel request, e.g. {@code Statement::cancel}. */
    @FunctionalInterface
    public interface Request {
        void send() throws SQLException;
    }

    private JdbcCancel() {
    }

    /** @param attempt 0 for the first cancel of the statement in flight, 1 and up for the next ones */
    public static void escalate(int attempt, Connection connection, Request request) {
        if (attempt == 0) {
            Thread t = new Thread(() -> {
                try {
                    request.send();
                } catch (SQLException | RuntimeException ignored) {
                    // the next cancel closes the socket
                }
            }, "dbharness-cancel-request");
            t.setDaemon(true);
            t.start();
            return;
        }
        try {
            connection.abort(Runnable::run);
        } catch (SQLException | RuntimeException ignored) {
            // the engine abandons a worker that never returns
        }
    }
}
