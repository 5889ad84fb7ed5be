package io.dbharness.postgres;

import io.dbharness.core.api.TargetException;

import java.io.IOException;
import java.lang.ProcessBuilder.Redirect;
import java.net.ServerSocket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;
import java.util.stream.Stream;

/**
 * A throw-away PostgreSQL so the harness works with no server at hand: binaries from Maven
 * ({@link PgBinaries}), data in a fresh temp directory removed on close, server log in a file there rather
 * than on the console where it would interleave with progress output.
 *
 * <p>PostgreSQL refuses to run as root, and CI runs as root: then initdb and the server run as {@code nobody}
 * through {@code setpriv}, and the data directory is handed to that user.
 *
 * <p>Settings are stock PostgreSQL (fsync and synchronous_commit on), so embedded numbers are comparable
 * with an installed server.
 */
final class EmbeddedServer implements AutoCloseable {

    private static final String[] SERVER_SETTINGS = {
            "listen_addresses=localhost", "fsync=on", "synchronous_commit=on", "max_connections=500", "timezone=UTC",
            // the server telemetry's top statements (the extension is created by it, on this server only)
            "shared_preload_libraries=pg_stat_statements"};

    private final Path dir;
    private final Path home;
    private final int port;
    private final Thread shutdownHook;
    private boolean closed;

    private final String serverOptions;

    private EmbeddedServer(Path dir, Path home, int port, String serverOptions) {
        this.dir = dir;
        this.home = home;
        this.port = port;
        this.serverOptions = serverOptions;
        // A safety net for a JVM that exits without close() (a second Ctrl-C, a library user's JVM ending): the
        // owner may be closing us right now, so give it a moment, then stop the server ourselves.
        this.shutdownHook = new Thread(() -> {
            try {
                closedByOwner.await(OWNER_GRACE_SECONDS, TimeUnit.SECONDS);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
            stopQuietly();
        }, "dbharness-pg-stop");
        Runtime.getRuntime().addShutdownHook(shutdownHook);
    }

    private static final int OWNER_GRACE_SECONDS = 5;
    private final java.util.concurrent.CountDownLatch closedByOwner = new java.util.concurrent.CountDownLatch(1);

    static EmbeddedServer start() throws TargetException {
        return start(data -> { });
    }

    /** {@code customizeData} runs after initdb and before the server starts (tests use it for pg_hba.conf). */
    static EmbeddedServer start(Consumer<Path> customizeData) throws TargetException {
        Path dir = null;
        Thread startupCleanup = null;
        java.util.concurrent.CountDownLatch startupDone = new java.util.concurrent.CountDownLatch(1);
        try {
            Path home = PgBinaries.install();
            dir = Files.createTempDirectory("dbharness-pg-");
            // the JVM may exit while the server starts (Ctrl-C before the run): stop what started, remove the files
            Path created = dir;
            startupCleanup = new Thread(() -> {
                try { // initdb or pg_ctl may still be running: they would write into the directory again
                    startupDone.await(20, TimeUnit.SECONDS);
                } catch (InterruptedException ignored) {
                    // clean up what is there
                }
                if (Files.exists(created.resolve("data").resolve("postmaster.pid"))) {
                    try {
                        run(RunAs.current(), home, created, List.of("pg_ctl", "-D", created.resolve("data").toString(),
                                "-m", "immediate", "-w", "-t", "10", "stop"), 15);
                    } catch (IOException | InterruptedException | RuntimeException ignored) {
                        // the directory goes anyway
                    }
                }
                deleteTree(created);
            }, "dbharness-pg-startup-cleanup");
            Runtime.getRuntime().addShutdownHook(startupCleanup);
            Path data = dir.resolve("data");
            Path log = dir.resolve("postgres.log");
            RunAs runAs = RunAs.current();
            runAs.handOver(dir);
            Optional<Path> template = DataTemplate.of(home);
            if (!DataTemplate.copyTo(template, data)) {
                run(runAs, home, dir, List.of("initdb", "-A", "trust", "-U", "postgres", "-D", data.toString(), "-E",
                        "UTF-8", "--no-sync", "--locale=C"), 120);
                DataTemplate.keep(template, data);
            }
            customizeData.accept(data);
            runAs.handOver(dir);
            int port = freePort();
            StringBuilder opts = new StringBuilder("-p ").append(port);
            for (String s : SERVER_SETTINGS) {
                opts.append(" -c ").append(s);
            }
            run(runAs, home, dir, pgCtlStart(data, log, opts.toString()), 90);
            return new EmbeddedServer(dir, home, port, opts.toString());
        } catch (IOException | RuntimeException e) {
            String where = dir == null ? "" : " (log: " + dir.resolve("postgres.log") + ", " + dir.resolve("commands.log") + ")";
            throw new TargetException(TargetException.Kind.UNREACHABLE, null,
                    "cannot start embedded PostgreSQL: " + e.getMessage() + where, e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new TargetException(TargetException.Kind.UNREACHABLE, null, "interrupted while starting embedded PostgreSQL", e);
        } finally {
            startupDone.countDown();
            if (startupCleanup != null) {
                try {
                    Runtime.getRuntime().removeShutdownHook(startupCleanup); // started (its own hook now) or failed
                } catch (IllegalStateException shuttingDown) {
                    // the hook is running: it cleans up
                }
            }
        }
    }

    int port() {
        return port;
    }

    private static List<String> pgCtlStart(Path data, Path log, String options) {
        return List.of("pg_ctl", "-D", data.toString(), "-l", log.toString(), "-w", "-t", "60", "-o", options, "start");
    }

    /** Fault tests: {@code pg_ctl restart -m fast} (every session is terminated, in-flight transactions abort). */
    void restartFast() throws IOException, InterruptedException {
        run(RunAs.current(), home, dir, List.of("pg_ctl", "-D", dir.resolve("data").toString(), "-l",
                dir.resolve("postgres.log").toString(), "-m", "fast", "-w", "-t", "60", "-o", serverOptions, "restart"), 90);
    }

    /** Fault tests: a fast shutdown, then {@link #startAgain} later: an outage. */
    void stopFast() throws IOException, InterruptedException {
        run(RunAs.current(), home, dir, List.of("pg_ctl", "-D", dir.resolve("data").toString(), "-m", "fast", "-w",
                "-t", "60", "stop"), 60);
    }

    void startAgain() throws IOException, InterruptedException {
        run(RunAs.current(), home, dir, pgCtlStart(dir.resolve("data"), dir.resolve("postgres.log"), serverOptions), 90);
    }

    @Override
    public void close() {
        closedByOwner.countDown();
        closeOnce();
    }

    private synchronized void closeOnce() {
        if (closed) {
            return;
        }
        try {
            Runtime.getRuntime().removeShutdownHook(shutdownHook);
        } catch (IllegalStateException shuttingDown) {
            // the hook is running or will run; stopping twice is harmless
        }
        stopQuietly();
    }

    private synchronized void stopQuietly() {
        if (closed) {
            return;
        }
        closed = true;
        try {
            run(RunAs.current(), home, dir, List.of("pg_ctl", "-D", dir.resolve("data").toString(), "-m", "fast", "-w",
                    "-t", "30", "stop"), 60);
        } catch (IOException | RuntimeException e) {
            // nothing more to do; the directory goes anyway
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        } finally {
            deleteTree(dir);
        }
    }

    private static void run(RunAs runAs, Path home, Path dir, List<String> command, int timeoutSeconds)
            throws IOException, InterruptedException {
        List<String> cmd = new ArrayList<>(runAs.prefix());
        cmd.add(home.resolve("bin").resolve(command.get(0)).toString());
        cmd.addAll(command.subList(1, command.size()));
        ProcessBuilder pb = new ProcessBuilder(cmd).directory(dir.toFile()).redirectErrorStream(true)
                .redirectOutput(Redirect.appendTo(dir.resolve("commands.log").toFile()));
        pb.environment().put("LD_LIBRARY_PATH", home.resolve("lib").toString());
        pb.environment().put("LC_ALL", "C");
        Process p = pb.start();
        if (!p.waitFor(timeoutSeconds, TimeUnit.SECONDS)) {
            p.destroyForcibly();
            throw new IOException(command.get(0) + " did not finish within " + timeoutSeconds + " s");
        }
        if (p.exitValue() != 0) {
            throw new IOException(command.get(0) + " exited with " + p.exitValue());
        }
    }

    private static int freePort() throws IOException {
        try (ServerSocket s = new ServerSocket(0)) {
            return s.getLocalPort();
        }
    }

    static void deleteTree(Path root) {
        if (root == null || !Files.exists(root)) {
            return;
        }
        try (Stream<Path> paths = Files.walk(root)) {
            paths.sorted(Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
        } catch (IOException e) {
            // best effort: a leftover temp directory is not worth failing the run for
        }
    }

    /** Who runs the server: the current user, or {@code nobody} when that is root. */
    private record RunAs(int uid, int gid, boolean switchUser) {

        static RunAs current() throws IOException {
            int uid = (Integer) Files.getAttribute(Path.of("/proc/self"), "unix:uid");
            if (uid != 0) {
                return new RunAs(uid, 0, false);
            }
            return new RunAs(idOf("-u"), idOf("-g"), true);
        }

        private static int idOf(String flag) throws IOException {
            Process p = new ProcessBuilder("id", flag, "nobody").redirectErrorStream(true).start();
            try {
                String out = new String(p.getInputStream().readAllBytes()).trim();
                if (p.waitFor() != 0) {
                    throw new IOException("running as root, and there is no user 'nobody' to run PostgreSQL as: " + out);
                }
                return Integer.parseInt(out);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new IOException("interrupted", e);
            }
        }

        List<String> prefix() {
            return switchUser ? List.of("setpriv", "--reuid=" + uid, "--regid=" + gid, "--clear-groups", "--")
                    : List.of();
        }

        /** Gives the tree to the server's user; a no-op unless switching from root. */
        void handOver(Path root) throws IOException {
            if (!switchUser) {
                return;
            }
            try (Stream<Path> paths = Files.walk(root)) {
                for (Path p : (Iterable<Path>) paths::iterator) {
                    Files.setAttribute(p, "unix:uid", uid, java.nio.file.LinkOption.NOFOLLOW_LINKS);
                    Files.setAttribute(p, "unix:gid", gid, java.nio.file.LinkOption.NOFOLLOW_LINKS);
                }
            }
        }
    }
}
