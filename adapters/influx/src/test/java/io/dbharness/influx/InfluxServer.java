package io.dbharness.influx;

import org.junit.jupiter.api.Assumptions;

import java.io.IOException;
import java.net.ServerSocket;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Comparator;
import java.util.stream.Stream;

/**
 * A throw-away {@code influxd} (Debian's {@code influxdb} package, 1.6.x) for tests: its own config, data,
 * meta and WAL in a temp dir, HTTP and RPC on free loopback ports, reporting off; stopped and removed by
 * {@link #close()}. Without {@code influxd} the tests fail and say how to install it, unless
 * {@code DBHARNESS_SKIP_INFLUX=1} asks to skip them.
 */
public final class InfluxServer implements AutoCloseable {

    public static final String ADMIN = "admin";
    public static final String ADMIN_PASSWORD = "s3cret-admin";

    private Process process;
    private final Path dir;
    private final int port;
    private final String influxd;

    private InfluxServer(Process process, Path dir, int port, String influxd) {
        this.process = process;
        this.dir = dir;
        this.port = port;
        this.influxd = influxd;
    }

    /** Starts a server; with {@code auth} it has auth-enabled and an admin {@link #ADMIN}. */
    public static InfluxServer start(boolean auth) throws Exception {
        if (Boolean.getBoolean("dbharness.quick")) { // ./run-tests --quick leaves out the tests tagged server
            throw new IllegalStateException("./run-tests --quick starts no server: tag this test @Tag(\"server\")");
        }
        String influxd = findInfluxd();
        Path dir = Files.createTempDirectory("dbharness-influx");
        int port = freePort();
        int rpcPort = freePort();
        String conf = "reporting-disabled = true\n"
                + "bind-address = \"127.0.0.1:" + rpcPort + "\"\n"
                + "[meta]\n  dir = \"" + dir.resolve("meta") + "\"\n  logging-enabled = false\n"
                + "[data]\n  dir = \"" + dir.resolve("data") + "\"\n  wal-dir = \"" + dir.resolve("wal") + "\"\n"
                + "  query-log-enabled = false\n"
                + "[http]\n  bind-address = \"127.0.0.1:" + port + "\"\n  log-enabled = false\n"
                + "  auth-enabled = " + auth + "\n"
                + "[monitor]\n  store-enabled = false\n"
                + "[continuous_queries]\n  enabled = false\n"
                + "[subscriber]\n  enabled = false\n";
        Files.writeString(dir.resolve("influxdb.conf"), conf);
        InfluxServer server = new InfluxServer(launch(influxd, dir), dir, port, influxd);
        try {
            server.awaitPing();
            if (auth) { // allowed without credentials while the server has no user yet
                server.query("CREATE USER " + ADMIN + " WITH PASSWORD '" + ADMIN_PASSWORD + "' WITH ALL PRIVILEGES", true);
            }
        } catch (Exception | AssertionError e) {
            server.close();
            throw e;
        }
        return server;
    }

    private static Process launch(String influxd, Path dir) throws IOException {
        return new ProcessBuilder(influxd, "-config", dir.resolve("influxdb.conf").toString()).redirectErrorStream(true)
                .redirectOutput(ProcessBuilder.Redirect.appendTo(dir.resolve("influxd.log").toFile())).start();
    }

    /** Fault tests: freezes the server (SIGSTOP): connections are accepted by the kernel, nothing answers. */
    public void freeze() throws Exception {
        signal("STOP");
    }

    /** Fault tests: lets a frozen server go on (SIGCONT). */
    public void thaw() throws Exception {
        signal("CONT");
    }

    private void signal(String name) throws Exception {
        int code = new ProcessBuilder("kill", "-" + name, Long.toString(process.pid())).start().waitFor();
        if (code != 0) {
            throw new AssertionError("kill -" + name + " " + process.pid() + " exited " + code);
        }
    }

    /** Fault tests: kills the server outright (SIGKILL); its data and WAL stay for {@link #restart}. */
    public void kill() throws Exception {
        process.destroyForcibly().waitFor();
    }

    /** Fault tests: asks the server to shut down (SIGTERM), as a service stop does, without waiting for it. */
    public void terminate() {
        process.destroy();
    }

    /** Fault tests: starts the server again on the same ports and data, and waits until it answers. */
    public void restart() throws Exception {
        process.waitFor(); // one shut down by terminate() is gone first: its ports are free
        process = launch(influxd, dir);
        awaitPing();
    }

    private static String findInfluxd() {
        for (String candidate : new String[] {"/usr/bin/influxd", "/usr/local/bin/influxd"}) {
            if (Files.isExecutable(Path.of(candidate))) {
                return candidate;
            }
        }
        String path = System.getenv().getOrDefault("PATH", "");
        for (String d : path.split(":")) {
            if (!d.isEmpty() && Files.isExecutable(Path.of(d, "influxd"))) {
                return Path.of(d, "influxd").toString();
            }
        }
        if ("1".equals(System.getenv("DBHARNESS_SKIP_INFLUX"))) {
            Assumptions.abort("influxd not installed and DBHARNESS_SKIP_INFLUX=1: InfluxDB tests skipped");
        }
        throw new AssertionError("influxd not found: the influx target's tests need InfluxDB 1.x "
                + "(apt-get install influxdb), or set DBHARNESS_SKIP_INFLUX=1 to skip them");
    }

    private static int freePort() throws IOException {
        try (ServerSocket s = new ServerSocket(0, 1, java.net.InetAddress.getLoopbackAddress())) {
            return s.getLocalPort();
        }
    }

    public int port() {
        return port;
    }

    /**
     * {@code b} connected to {@code target} as the tests here run it: this server (into {@code database}), the
     * shared embedded PostgreSQL, or an embedded QuestDB (which needs no flags).
     */
    io.dbharness.core.engine.RunSpec.Builder connect(io.dbharness.core.engine.RunSpec.Builder b, String target,
                                                    String database) throws Exception {
        if (target.equals("influx")) {
            return b.option("influx-url", url()).option("influx-database", database);
        }
        if (target.equals("postgres")) {
            return b.option("host", "localhost").option("port", io.dbharness.postgres.EmbeddedPostgres.shared().port())
                    .option("user", "postgres").option("database", "postgres");
        }
        return b;
    }

    public String url() {
        return "http://127.0.0.1:" + port;
    }

    private void awaitPing() throws Exception {
        HttpClient c = HttpClient.newHttpClient();
        long deadline = System.nanoTime() + Duration.ofSeconds(30).toNanos();
        while (System.nanoTime() < deadline) {
            if (!process.isAlive()) {
                throw new AssertionError("influxd exited: " + Files.readString(dir.resolve("influxd.log")));
            }
            try {
                if (c.send(HttpRequest.newBuilder(URI.create(url() + "/ping")).build(),
                        HttpResponse.BodyHandlers.discarding()).statusCode() == 204) {
                    return;
                }
            } catch (IOException notYet) {
                // not listening yet
            }
            Thread.sleep(100);
        }
        throw new AssertionError("influxd did not answer /ping within 30 s");
    }

    /** Runs InfluxQL as the admin (when auth is on) and returns the raw JSON. */
    public String query(String statement, boolean post) throws Exception {
        String q = "q=" + java.net.URLEncoder.encode(statement, StandardCharsets.UTF_8);
        HttpRequest.Builder b = post
                ? HttpRequest.newBuilder(URI.create(url() + "/query")).header("Content-Type", "application/x-www-form-urlencoded")
                        .POST(HttpRequest.BodyPublishers.ofString(q))
                : HttpRequest.newBuilder(URI.create(url() + "/query?" + q));
        b.header("Authorization", "Basic " + java.util.Base64.getEncoder()
                .encodeToString((ADMIN + ":" + ADMIN_PASSWORD).getBytes(StandardCharsets.UTF_8)));
        HttpResponse<String> r = HttpClient.newHttpClient().send(b.build(), HttpResponse.BodyHandlers.ofString());
        if (r.statusCode() / 100 != 2 || r.body().contains("\"error\"")) {
            throw new AssertionError("'" + statement + "' -> HTTP " + r.statusCode() + ": " + r.body());
        }
        return r.body();
    }

    @Override
    public void close() throws IOException {
        try {
            thaw(); // a frozen process would not see the SIGTERM
        } catch (Exception | AssertionError ignored) {
            // gone already
        }
        process.destroy();
        try {
            if (!process.waitFor(10, java.util.concurrent.TimeUnit.SECONDS)) {
                process.destroyForcibly().waitFor();
            }
        } catch (InterruptedException e) {
            process.destroyForcibly();
            Thread.currentThread().interrupt();
        }
        try (Stream<Path> s = Files.walk(dir)) {
            s.sorted(Comparator.reverseOrder()).forEach(f -> f.toFile().delete());
        }
    }
}
