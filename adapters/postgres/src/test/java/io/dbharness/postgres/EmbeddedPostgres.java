package io.dbharness.postgres;

import io.dbharness.core.api.TargetAdapter;
import io.dbharness.core.api.TargetException;
import io.dbharness.core.config.OptionDef;
import io.dbharness.core.config.RunOptions;
import io.dbharness.core.config.Settings;
import org.junit.jupiter.api.extension.AfterAllCallback;
import org.junit.jupiter.api.extension.BeforeAllCallback;
import org.junit.jupiter.api.extension.ExtensionContext;

import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Properties;

/**
 * The one embedded PostgreSQL of the tests (published in this module's test-jar), two ways:
 * <ul>
 *   <li>{@link #shared()}: one server for the whole test JVM, for tests that only read and write their own
 *       tables (the PostgreSQL-family adapters' wire path);</li>
 *   <li>{@code @RegisterExtension static final EmbeddedPostgres pg = new EmbeddedPostgres();}: a server of the
 *       test class's own, started before its tests and closed after them, for tests that terminate backends, stop
 *       or restart the server ({@link #stopFast}, {@link #startAgain}, {@link #restartFast}).</li>
 * </ul>
 * Either way: user {@code postgres}, no password, database {@code postgres}; {@link #admin()} connections are
 * named {@code fault-test}, so they are never taken for the harness's own ({@code dbharness}).
 */
public class EmbeddedPostgres implements BeforeAllCallback, AfterAllCallback {

    private static EmbeddedPostgres shared;

    private final boolean checkPasswords;
    private EmbeddedServer server;
    private TargetAdapter target;

    /** A server that trusts every local connection. */
    public EmbeddedPostgres() {
        this(false);
    }

    private EmbeddedPostgres(boolean checkPasswords) {
        this.checkPasswords = checkPasswords;
    }

    /**
     * A server that checks passwords (scram) for every role but {@code postgres} over TCP, for tests of
     * credentials: they create their roles with {@link #execute}.
     */
    public static EmbeddedPostgres checkingPasswords() {
        return new EmbeddedPostgres(true);
    }

    /** The server the whole test JVM shares, started on first use and stopped when the JVM exits. */
    public static synchronized EmbeddedPostgres shared() throws TargetException {
        if (shared == null) {
            shared = new EmbeddedPostgres().startedForTheJvm();
        }
        return shared;
    }

    /** Starts this server now, to last as long as the test JVM (for a server several test classes share). */
    public EmbeddedPostgres startedForTheJvm() throws TargetException {
        start();
        // the server's own hook waits for its owner to close it: this is that owner
        Runtime.getRuntime().addShutdownHook(new Thread(this::close, "embedded-postgres"));
        return this;
    }

    @Override
    public void beforeAll(ExtensionContext context) throws Exception {
        start();
    }

    @Override
    public void afterAll(ExtensionContext context) {
        close();
    }

    private void start() throws TargetException {
        if (Boolean.getBoolean("dbharness.quick")) { // ./run-tests --quick leaves out the tests tagged server
            throw new IllegalStateException("./run-tests --quick starts no server: tag this test @Tag(\"server\")");
        }
        server = !checkPasswords ? EmbeddedServer.start() : EmbeddedServer.start(data -> {
            try {
                java.nio.file.Files.writeString(data.resolve("pg_hba.conf"), "local all all trust\n"
                        + "host all postgres 127.0.0.1/32 trust\nhost all postgres ::1/128 trust\n"
                        + "host all all 127.0.0.1/32 scram-sha-256\nhost all all ::1/128 scram-sha-256\n");
            } catch (java.io.IOException e) {
                throw new java.io.UncheckedIOException(e);
            }
        });
    }

    private synchronized void close() {
        try {
            if (target != null) {
                target.close();
            }
        } finally {
            if (server != null) {
                server.close();
            }
        }
    }

    public int port() {
        return server.port();
    }

    /** {@code jdbc:postgresql://localhost:PORT/postgres}. */
    public String url() {
        return "jdbc:postgresql://localhost:" + server.port() + "/postgres";
    }

    /** A connection of the test's own (application name {@code fault-test}), autocommit on. */
    public Connection admin() throws SQLException {
        Properties p = new Properties();
        p.setProperty("user", "postgres");
        p.setProperty("ApplicationName", "fault-test");
        return DriverManager.getConnection(url(), p);
    }

    /** {@link #admin()}; the name the tests of the workloads use. */
    public Connection connect() throws SQLException {
        return admin();
    }

    /** The first column of the first row of {@code sql}, as a number (a count). */
    public long count(String sql) throws SQLException {
        try (Connection c = admin(); Statement st = c.createStatement(); ResultSet rs = st.executeQuery(sql)) {
            rs.next();
            return rs.getLong(1);
        }
    }

    public void execute(String sql) throws SQLException {
        try (Connection c = admin(); Statement st = c.createStatement()) {
            st.execute(sql);
        }
    }

    /** Terminates every backend of the harness (application name {@code dbharness}); returns how many. */
    public int terminateHarnessBackends() throws SQLException {
        return (int) count("SELECT count(*) FILTER (WHERE pg_terminate_backend(pid)) FROM pg_stat_activity"
                + " WHERE application_name = 'dbharness' AND pid <> pg_backend_pid()");
    }

    /**
     * The postgres target opened on this server (as a run would, no PG variables), for tests that use its
     * capabilities directly; closed with the server.
     */
    public synchronized TargetAdapter target() throws TargetException {
        if (target == null) {
            PostgresTargetProvider pg = new PostgresTargetProvider();
            List<OptionDef> defs = new ArrayList<>(RunOptions.OPTIONS);
            defs.addAll(pg.options());
            target = pg.open(Settings.resolve(defs, Map.of("url", url(), "user", "postgres"), Map.of()));
        }
        return target;
    }

    /** Fault tests: a fast shutdown and start, the data kept. */
    public void restartFast() throws Exception {
        server.restartFast();
    }

    /** Fault tests: a fast shutdown; {@link #startAgain} later makes it an outage. */
    public void stopFast() throws Exception {
        server.stopFast();
    }

    public void startAgain() throws Exception {
        server.startAgain();
    }
}
