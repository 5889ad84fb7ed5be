package io.dbharness.questdb;

/**
 * One embedded QuestDB per test JVM, for this module's tests and for other modules' (the influx target tests
 * its v2 line-protocol path against it): depend on {@code adapter-questdb} with {@code <type>test-jar</type>}
 * and call {@link #httpPort()} / {@link #pgPort()}. Started on first use, stopped by a shutdown hook, so
 * test classes share one server (about 3 s to start) instead of starting one each.
 */
public final class EmbeddedQuestDbFixture {

    private static EmbeddedQuestDb server;

    private EmbeddedQuestDbFixture() {
    }

    public static synchronized EmbeddedQuestDb server() {
        if (server == null) {
            if (Boolean.getBoolean("dbharness.quick")) { // ./run-tests --quick leaves out the tests tagged server
                throw new IllegalStateException("./run-tests --quick starts no server: tag this test @Tag(\"server\")");
            }
            server = EmbeddedQuestDb.start();
            EmbeddedQuestDb s = server;
            Runtime.getRuntime().addShutdownHook(new Thread(s::close, "embedded-questdb-stop"));
        }
        return server;
    }

    public static int httpPort() {
        return server().httpPort();
    }

    public static int pgPort() {
        return server().pgPort();
    }

    /** {@code http://127.0.0.1:PORT}, for {@code /write}, {@code /api/v2/write}, {@code /ping} and {@code /exec}. */
    public static String httpUrl() {
        return server().httpUrl();
    }

    /** {@code jdbc:postgresql://127.0.0.1:PORT/qdb}; user {@code admin}, password {@code quest}. */
    public static String jdbcUrl() {
        return server().jdbcUrl();
    }
}
