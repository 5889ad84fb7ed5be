package io.dbharness.postgres;

import io.dbharness.core.api.SeriesSchema;
import io.dbharness.tck.Await;
import io.dbharness.tck.FaultProxy;
import io.dbharness.tck.Faults;

import java.io.IOException;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.Properties;
import java.util.stream.Collectors;

/**
 * The contracts' faults on a PostgreSQL-family server (published in this module's test-jar for the family's
 * contract tests). The target under test connects through a {@link FaultProxy} with {@code ApplicationName}
 * {@value #APPLICATION}, which its sessions are told by; an admin session straight to the server hurts them:
 * {@link #cut()} terminates them ({@code pg_terminate_backend}), {@link #stall} holds an ACCESS EXCLUSIVE lock on
 * the table and waits until one of them waits for it ({@code pg_locks}), and {@link #holdNextAnswer()} has the
 * proxy hold the server's answer after the message that commits a write: {@link #COMMIT} for the writers that
 * end their transaction with it, {@link #COPY_DONE} for a COPY in autocommit, which commits at its end.
 */
public final class PgFamilyFaults implements Faults, AutoCloseable {

    /** What the target's sessions are named, so the faults hit them and no one else's. */
    public static final String APPLICATION = "dbharness-tck";
    /** The simple query that commits a tracked writer's batch ({@code COMMIT; BEGIN; ...}) or an explicit transaction. */
    public static final byte[] COMMIT = "COMMIT".getBytes(java.nio.charset.StandardCharsets.US_ASCII);
    /** The protocol's CopyDone message ('c', length 4): a COPY in autocommit commits when the server gets it. */
    public static final byte[] COPY_DONE = {'c', 0, 0, 0, 4};

    private final String adminUrl;
    private final Properties admin;
    private final String database;
    private final FaultProxy proxy;
    private final byte[] answerMarker;

    /**
     * @param adminUrl     a JDBC URL straight to the server, for the admin session
     * @param adminUser    a role that may terminate the target's sessions and lock its tables
     * @param answerMarker the client message after which {@link #holdNextAnswer()} holds the answer
     */
    public PgFamilyFaults(String host, int port, String database, String adminUrl, String adminUser, String adminPassword,
                          byte[] answerMarker) throws IOException {
        this.adminUrl = adminUrl;
        this.admin = new Properties();
        admin.setProperty("user", adminUser);
        if (adminPassword != null) {
            admin.setProperty("password", adminPassword);
        }
        admin.setProperty("ApplicationName", "dbharness-tck-admin");
        this.database = database;
        this.proxy = new FaultProxy(host, port);
        this.answerMarker = answerMarker.clone();
    }

    /** The URL the target under test is given: through the proxy, named {@value #APPLICATION}. */
    public String url(String scheme) {
        return scheme + "//" + proxy.hostPort() + "/" + database + "?ApplicationName=" + APPLICATION;
    }

    private Connection admin() throws SQLException {
        return DriverManager.getConnection(adminUrl, admin);
    }

    @Override
    public void cut() throws Exception {
        List<Long> cut = new ArrayList<>();
        try (Connection c = admin(); Statement st = c.createStatement(); ResultSet rs = st.executeQuery(
                "SELECT pid, pg_terminate_backend(pid) FROM pg_stat_activity WHERE application_name = '" + APPLICATION + "'")) {
            while (rs.next()) {
                cut.add(rs.getLong(1));
            }
        }
        if (cut.isEmpty()) {
            return;
        }
        String pids = cut.stream().map(String::valueOf).collect(Collectors.joining(", "));
        Await.until("sessions " + pids + " gone", () -> {
            try (Connection c = admin(); Statement st = c.createStatement();
                 ResultSet rs = st.executeQuery("SELECT count(*) FROM pg_stat_activity WHERE pid IN (" + pids + ")")) {
                rs.next();
                return rs.getLong(1) == 0;
            }
        });
    }

    @Override
    public Stall stall(SeriesSchema schema) throws Exception {
        Connection c = admin();
        try (Statement st = c.createStatement()) {
            c.setAutoCommit(false);
            st.execute("LOCK TABLE " + Tables.quote(schema.tableName()) + " IN ACCESS EXCLUSIVE MODE");
        } catch (SQLException | RuntimeException e) {
            c.close();
            throw e;
        }
        return new Stall() {
            @Override
            public void awaitStalled() throws Exception {
                Await.until("a session of the target waiting for the lock on " + schema.tableName(), () -> {
                    try (Connection o = admin(); Statement st = o.createStatement(); ResultSet rs = st.executeQuery(
                            "SELECT count(*) FROM pg_locks l JOIN pg_stat_activity a ON a.pid = l.pid"
                                    + " WHERE NOT l.granted AND a.application_name = '" + APPLICATION + "'")) {
                        rs.next();
                        return rs.getLong(1) > 0;
                    }
                });
            }

            @Override
            public void close() throws SQLException {
                try {
                    c.rollback();
                } finally {
                    c.close();
                }
            }
        };
    }

    @Override
    public HeldAnswer holdNextAnswer() {
        return proxy.holdNextAnswer(answerMarker);
    }

    @Override
    public void close() {
        proxy.close();
    }
}
