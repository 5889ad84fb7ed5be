package io.dbharness.influx;

import io.dbharness.core.api.SeriesSchema;
import io.dbharness.tck.Await;
import io.dbharness.tck.Contract;
import io.dbharness.tck.FaultProxy;
import io.dbharness.tck.Faults;
import io.dbharness.tck.TcpQueues;

import java.util.Map;

/**
 * What the influx target's contract tests share: a local influxd with auth on and a user {@value #USER} whose
 * password carries the contract's secret, reached through a {@link FaultProxy}. Its faults are the server's own:
 * killed (SIGKILL) and started again on the same data for a cut, frozen (SIGSTOP) for a stall, seen stalled once its
 * socket holds bytes it has not read; and the proxy holds the answer to the next {@code POST /write}.
 */
final class InfluxTck implements Faults {

    static final String USER = "tck";
    static final String PASSWORD = "pw-" + Contract.SECRET;

    private static InfluxTck instance;

    private final InfluxServer server;
    private final FaultProxy proxy;

    private InfluxTck(InfluxServer server, FaultProxy proxy) {
        this.server = server;
        this.proxy = proxy;
    }

    static synchronized InfluxTck get() throws Exception {
        if (instance == null) {
            InfluxServer server = InfluxServer.start(true);
            Runtime.getRuntime().addShutdownHook(new Thread(() -> {
                try {
                    server.close();
                } catch (java.io.IOException ignored) {
                    // the JVM is going
                }
            }, "influx-tck-stop"));
            server.query("CREATE USER " + USER + " WITH PASSWORD '" + PASSWORD + "' WITH ALL PRIVILEGES", true);
            instance = new InfluxTck(server, new FaultProxy("127.0.0.1", server.port()));
        }
        return instance;
    }

    Map<String, String> options() {
        return Map.of("influx-url", "http://" + proxy.hostPort(), "username", USER, "influx-password", PASSWORD,
                "influx-database", "tck");
    }

    @Override
    public void cut() throws Exception {
        server.kill();
        server.restart();
    }

    @Override
    public Stall stall(SeriesSchema schema) throws Exception {
        server.freeze();
        return new Stall() {
            @Override
            public void awaitStalled() throws Exception {
                Await.until("a request unread by the frozen influxd", () -> TcpQueues.unreadBytes(server.port()) > 0);
            }

            @Override
            public void close() {
                try {
                    server.thaw();
                } catch (Exception e) {
                    if (e instanceof InterruptedException) {
                        Thread.currentThread().interrupt();
                    }
                    throw new IllegalStateException("could not let the frozen influxd go", e);
                }
            }
        };
    }

    @Override
    public HeldAnswer holdNextAnswer() {
        return proxy.holdNextAnswer("POST /write");
    }
}
