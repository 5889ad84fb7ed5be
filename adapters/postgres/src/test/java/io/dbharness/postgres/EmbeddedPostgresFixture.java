package io.dbharness.postgres;

import io.dbharness.core.api.TargetException;

/**
 * One embedded PostgreSQL per test JVM for the PostgreSQL-family adapters' tests (published in this
 * module's test-jar): their wire path runs against a real server here.
 */
public final class EmbeddedPostgresFixture {

    private static EmbeddedServer server;

    private EmbeddedPostgresFixture() {
    }

    /** {@code jdbc:postgresql://localhost:PORT/postgres}, user {@code postgres}, no password. */
    public static synchronized String jdbcUrl() throws TargetException {
        if (server == null) {
            server = EmbeddedServer.start();
            EmbeddedServer s = server;
            // the server's own hook waits for its owner to close it: this fixture is that owner
            Runtime.getRuntime().addShutdownHook(new Thread(s::close, "embedded-postgres-fixture"));
        }
        return "jdbc:postgresql://localhost:" + server.port() + "/postgres";
    }

    public static int port() throws TargetException {
        jdbcUrl();
        return server.port();
    }
}
