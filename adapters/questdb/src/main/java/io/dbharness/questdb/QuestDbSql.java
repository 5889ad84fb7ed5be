package io.dbharness.questdb;

import io.dbharness.core.api.SqlFailures;
import io.dbharness.core.api.TargetException;
import io.dbharness.core.api.TargetException.Kind;
import org.postgresql.ds.PGSimpleDataSource;

import java.io.IOException;
import java.net.ConnectException;
import java.sql.Connection;
import java.sql.SQLException;
import javax.sql.DataSource;

/**
 * The PostgreSQL-wire side of a QuestDB: connections for DDL, counts and {@link io.dbharness.core.api.SqlAccess},
 * and the classification of its errors. Unpooled: the wire is used a few times per run (schema, verify,
 * describe), never on the write path, so a pool would only add a dependency.
 *
 * <p>QuestDB reports most SQL errors with SQLSTATE {@code 00000}, so the kind comes from the transport
 * (an I/O cause means unreachable) and, for refused credentials, from the {@code 28xxx} class or QuestDB's
 * own "invalid username/password" (it sends no SQLSTATE for it).
 */
final class QuestDbSql {

    private final QuestDbEndpoint endpoint;
    private final PGSimpleDataSource dataSource = new PGSimpleDataSource();

    QuestDbSql(QuestDbEndpoint endpoint) {
        this.endpoint = endpoint;
        dataSource.setURL(endpoint.jdbcUrl());
        dataSource.setUser(endpoint.user());
        dataSource.setPassword(endpoint.password());
        dataSource.setConnectTimeout(5);
        dataSource.setLoginTimeout(10);
    }

    DataSource dataSource() {
        return dataSource;
    }

    Connection connect() throws SQLException {
        return dataSource.getConnection();
    }

    /** One connection, so a wrong port or password fails before anything else happens. */
    void probe() throws TargetException {
        try (Connection c = connect()) {
            c.isValid(5);
        } catch (SQLException e) {
            Kind kind = kind(e);
            if (kind == Kind.AUTHENTICATION) {
                throw new TargetException(kind, state(e), "QuestDB refused the credentials for user '"
                        + endpoint.user() + "' on its PostgreSQL wire (" + firstLine(e) + ")", e);
            }
            throw new TargetException(kind, state(e), "cannot connect to QuestDB's PostgreSQL wire at "
                    + hostPort(endpoint.jdbcUrl()) + ": " + (ioCause(e) instanceof ConnectException
                    ? "connection refused" : firstLine(e)), e);
        }
    }

    /**
     * QuestDB's variant of the shared rules: it reports most SQL errors with SQLSTATE {@code 00000}, so only the
     * transport (an I/O cause: unreachable) and refused credentials ({@code 28xxx}, or its own "invalid
     * username/password", sent without a SQLSTATE) are told apart; nothing is retried as it is.
     */
    static final SqlFailures RULES = SqlFailures.STANDARD.withRetryable().withRefusedWords("invalid username/password");

    /** An error during work; {@code context} says what was being done, e.g. {@code counting rows of "t"}. */
    static TargetException classify(SQLException e, String context) {
        return RULES.classify(e, context);
    }

    static Kind kind(SQLException e) {
        return RULES.kind(e);
    }

    private static String state(SQLException e) {
        return SqlFailures.sqlState(e);
    }

    static String firstLine(Throwable e) {
        return SqlFailures.message(e);
    }

    private static IOException ioCause(Throwable e) {
        return SqlFailures.ioCause(e);
    }

    private static String hostPort(String jdbcUrl) {
        String rest = jdbcUrl.substring("jdbc:postgresql://".length());
        int slash = rest.indexOf('/');
        return slash < 0 ? rest : rest.substring(0, slash);
    }
}
