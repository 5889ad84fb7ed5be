package io.dbharness.questdb;

import io.questdb.ServerMain;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.Map;
import java.util.Properties;
import java.util.concurrent.atomic.AtomicReference;
import java.util.stream.Stream;

/**
 * A QuestDB server inside this JVM, in a temp directory that is removed on close: what the {@code questdb}
 * target runs when no server is named, and what tests use.
 *
 * <p>HTTP (line protocol and SQL) and PostgreSQL wire listen on loopback ports the kernel picks (port 0), so
 * two harnesses on one machine never collide and there is no probe-then-bind race. Everything else is off:
 * ILP over TCP/UDP (we write over HTTP), the min HTTP health server, telemetry. Configuration goes through
 * {@code ServerMain.create(root, env)}, which takes the {@code QDB_*} overrides as a map instead of reading
 * the process environment, so the machine's variables cannot change the embedded server.
 */
public final class EmbeddedQuestDb implements AutoCloseable {

    private static final Map<String, String> CONFIG = Map.of(
            "QDB_HTTP_BIND_TO", "127.0.0.1:0",
            "QDB_PG_NET_BIND_TO", "127.0.0.1:0",
            "QDB_LINE_TCP_ENABLED", "false",
            "QDB_LINE_UDP_ENABLED", "false",
            "QDB_HTTP_MIN_ENABLED", "false",
            "QDB_TELEMETRY_ENABLED", "false",
            "QDB_TELEMETRY_DISABLE_COMPLETELY", "true",
            "QDB_METRICS_ENABLED", "false");

    private final Path dir;
    private final ServerMain server;
    /** Stops the server and removes its directory when the JVM exits without close() (a Ctrl-C that quits at once). */
    private final Thread onExit;

    private EmbeddedQuestDb(Path dir, ServerMain server, Thread onExit) {
        this.dir = dir;
        this.server = server;
        this.onExit = onExit;
    }

    /** Starts a server in a fresh temp directory; on failure nothing is left behind. */
    public static EmbeddedQuestDb start() {
        return start(Map.of());
    }

    /** {@link #start()} with {@code overrides} of the {@code QDB_*} configuration (tests: a password of their own). */
    static EmbeddedQuestDb start(Map<String, String> overrides) {
        Map<String, String> config = new java.util.HashMap<>(CONFIG);
        config.putAll(overrides);
        Path dir = null;
        ServerMain server = null;
        Thread onExit = null;
        java.util.concurrent.CountDownLatch startupDone = new java.util.concurrent.CountDownLatch(1);
        try {
            dir = Files.createTempDirectory("dbharness-questdb-");
            // the JVM may exit while the server starts or runs (System.exit on a Ctrl-C before the run): no files left.
            // A start under way goes on writing into the folder while the hook runs: the hook lets it finish first
            Path folder = dir;
            AtomicReference<ServerMain> running = new AtomicReference<>();
            onExit = new Thread(() -> {
                try {
                    startupDone.await(STARTUP_WAIT_SECONDS, java.util.concurrent.TimeUnit.SECONDS);
                } catch (InterruptedException ignored) {
                    // clean up what is there
                }
                ServerMain s = running.get();
                if (s != null) {
                    QuestDbLogging.quietly(s::close);
                }
                deleteTree(folder);
            }, "dbharness-questdb-cleanup");
            Runtime.getRuntime().addShutdownHook(onExit);
            Path root = Files.createDirectories(dir.resolve("db"));
            QuestDbLogging.configureOnce(dir);
            ServerMain created = keepingHangUp(() -> ServerMain.create(root.toString(), config));
            server = created;
            running.set(created);
            QuestDbLogging.quietly(() -> {
                created.start();
                created.awaitStartup();
            });
            return new EmbeddedQuestDb(dir, server, onExit);
        } catch (IOException | RuntimeException | Error e) {
            forget(onExit);
            if (server != null) {
                ServerMain s = server;
                QuestDbLogging.quietly(s::close);
            }
            deleteTree(dir);
            throw new IllegalStateException("could not start embedded QuestDB: " + e.getMessage(), e);
        } finally {
            startupDone.countDown();
        }
    }

    /** How long the exit's clean-up waits for a start under way (QuestDB starts in a second or two). */
    private static final int STARTUP_WAIT_SECONDS = 20;

    /**
     * QuestDB's bootstrap ignores SIGHUP, as a daemon started with nohup would; embedded, this process's handler
     * (the runner stops cleanly and exits 129) must stay. So the handler in place before is put back.
     */
    @SuppressWarnings("sunapi") // sun.misc.Signal: the JDK's only way to read and set a signal's handler
    private static ServerMain keepingHangUp(java.util.function.Supplier<ServerMain> create) {
        sun.misc.Signal hup;
        sun.misc.SignalHandler before;
        try {
            hup = new sun.misc.Signal("HUP");
            before = sun.misc.Signal.handle(hup, sun.misc.SignalHandler.SIG_DFL);
            sun.misc.Signal.handle(hup, before);
        } catch (IllegalArgumentException | LinkageError unsupported) {
            return create.get(); // no SIGHUP here (or handlers not allowed): nothing to keep
        }
        try {
            return create.get();
        } finally {
            sun.misc.Signal.handle(hup, before);
        }
    }

    public int httpPort() {
        return server.getHttpServerPort();
    }

    public int pgPort() {
        return server.getPgWireServerPort();
    }

    /** {@code http://127.0.0.1:PORT}: where line protocol is posted. */
    public String httpUrl() {
        return "http://127.0.0.1:" + httpPort();
    }

    public String jdbcUrl() {
        return "jdbc:postgresql://127.0.0.1:" + pgPort() + "/qdb";
    }

    /** Where the server keeps its tables, one directory each (named by {@code tables()}'s {@code directoryName}). */
    Path tablesDir() {
        return dir.resolve("db").resolve("db");
    }

    /**
     * Closes the table writers no one is using: closing trims each column file to the rows it holds (a writer keeps
     * pages allocated ahead of them); the next write opens the writer again.
     */
    void closeIdleWriters() {
        engine().releaseAllWriters();
    }

    /**
     * True while none of the writers of the tables in {@code dirs} (their directories' names, by which QuestDB keys its
     * writers) is busy: writing, or applying the WAL. QuestDB's own tables ({@code sys.*}, {@code _query_trace}) keep
     * theirs busy for good, hence the tables asked about.
     */
    boolean writersIdle(java.util.Collection<String> dirs) {
        for (var e : engine().getWriterPoolEntries().entrySet()) {
            if (e.getValue().getOwnerThread() != -1 && dirs.contains(e.getKey().toString())) {
                return false;
            }
        }
        return true;
    }

    io.questdb.cairo.CairoEngine engine() {
        return server.getEngine();
    }

    /**
     * Version of the QuestDB jar this JVM runs, from its Maven metadata. The server's own {@code build()}
     * reads the first {@code MANIFEST.MF} on the class path, which in a fat jar or under surefire is not
     * QuestDB's, and then says "unknown".
     */
    static String version() {
        try (InputStream in = ServerMain.class.getResourceAsStream("/META-INF/maven/org.questdb/questdb/pom.properties")) {
            if (in == null) {
                return null;
            }
            Properties p = new Properties();
            p.load(in);
            return p.getProperty("version");
        } catch (IOException e) {
            return null;
        }
    }

    /** Stops the server and removes its directory; safe to call twice. */
    @Override
    public void close() {
        forget(onExit);
        try {
            QuestDbLogging.quietly(server::close);
        } finally {
            deleteTree(dir);
        }
    }

    private static void forget(Thread onExit) {
        if (onExit == null) {
            return;
        }
        try {
            Runtime.getRuntime().removeShutdownHook(onExit);
        } catch (IllegalStateException exiting) {
            // the hook is running: it cleans up
        }
    }

    static void deleteTree(Path root) {
        if (root == null || !Files.exists(root)) {
            return;
        }
        try (Stream<Path> paths = Files.walk(root)) {
            paths.sorted(Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
        } catch (IOException | UncheckedIOException e) {
            // best effort: a leftover temp directory is not worth failing the run for
        }
    }
}
