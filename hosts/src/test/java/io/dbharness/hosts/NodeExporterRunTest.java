package io.dbharness.hosts;

import com.sun.net.httpserver.HttpServer;
import io.dbharness.core.api.TargetException;
import io.dbharness.core.api.UsageException;
import io.dbharness.core.engine.Harness;
import io.dbharness.core.engine.RunSpec;
import io.dbharness.core.result.HostSample;
import io.dbharness.core.result.IntervalSample;
import io.dbharness.core.result.ProgressListener;
import io.dbharness.core.result.RunResult;
import io.dbharness.core.result.ServerHostUsage;
import io.dbharness.postgres.EmbeddedPostgres;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.RegisterExtension;

import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicInteger;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * {@code --server-hosts} on the real agent: Debian's node_exporter on a loopback port, sampled during iot-insert on a
 * PostgreSQL of this class's own. Exporter and harness are on one machine, so the server host's figures are this
 * machine's too and can be held against the client host's.
 */
@Tag("server")
@Timeout(300)
class NodeExporterRunTest {

    @RegisterExtension
    static final EmbeddedPostgres pg = new EmbeddedPostgres();

    static NodeExporter exporter;

    @BeforeAll
    static void startExporter() throws Exception {
        exporter = NodeExporter.start();
    }

    @AfterAll
    static void stopExporter() throws Exception {
        if (exporter != null) {
            exporter.close();
        }
    }

    private static RunSpec.Builder ingest(String table, String duration) {
        return RunSpec.builder().target("postgres").workload("iot-insert").environment(Map.of())
                .option("url", pg.url()).option("user", "postgres").option("table-name", table)
                .option("tag-num", 2000).option("total-metrics-count", 10).option("ts-end", "2022-04-18 12:00:00")
                .option("write-batch-rows", 200).option("workers", 2).option("duration", duration)
                .option("watch-interval", "1s").option("clean", true).option("no-watch", true);
    }

    /**
     * Both accounts read the same kernel counters over nearly the same window: the client's /proc when the monitor
     * closes an interval, the exporter's when its answer to the request made then is put together, a few tens of
     * milliseconds later. The windows are shifted by that much at each end of a 5-second run, so the CPU busy shares
     * agree within 5 points (10 ms ticks of 2 cores, and a shift of up to about 100 ms at either end, where the load
     * changes); the means are over the same intervals.
     */
    @Test
    void anIngestShowsTheServerHostsCpuAsTheClientHostsAndItsDiskWrites() throws Exception {
        RunResult r = Harness.run(ingest("hosts_ingest", "5s").option("server-hosts", exporter.url().toString()).build());
        assertEquals(0, r.exitCode(), r.failure());
        List<ServerHostUsage> hosts = r.resources().serverHosts();
        assertEquals(1, hosts.size());
        ServerHostUsage h = hosts.get(0);
        assertEquals("127.0.0.1:" + exporter.port, h.host());
        assertEquals("node_exporter", h.source());
        assertEquals(Runtime.getRuntime().availableProcessors(), h.cores().getAsInt(), "this machine's cores");
        assertTrue(h.memoryTotalBytes().getAsLong() > 0);
        assertFalse(h.stopped(), h.stoppedWhy());
        assertNull(h.stoppedWhy());
        HostSample server = h.mean();
        HostSample client = r.resources().mean();
        double serverBusy = server.cpuUserPercent() + server.cpuSystemPercent();
        double clientBusy = client.cpuUserPercent() + client.cpuSystemPercent();
        System.out.printf("server host %.1f%% busy, client host %.1f%%; server disk %.0f writes/s %.2f MB/s %.0f%% busy%n",
                serverBusy, clientBusy, server.diskWritesPerSecond(), server.diskWriteMegabytesPerSecond(),
                server.diskBusyPercent());
        assertTrue(Math.abs(serverBusy - clientBusy) <= 5, "server host " + serverBusy + "% busy, client host "
                + clientBusy + "%: the same machine");
        assertTrue(server.diskWritesPerSecond() > 0 && server.diskWriteMegabytesPerSecond() > 0,
                "PostgreSQL's WAL and data files reach the disk: " + server);
        assertTrue(server.diskBusyPercent() > 0 && server.diskBusyPercent() <= 100, server.toString());
        assertEquals(-1, server.harnessCpuCores(), "no harness runs on a server host");
        assertFalse(h.disks().isEmpty(), "the machine's disks, virtual ones left out: " + h.disks());
        assertTrue(h.interfaces().contains("lo"), "a host on loopback counts lo: " + h.interfaces());
        assertTrue(server.netReceiveMegabytesPerSecond() > 0, "the rows reach PostgreSQL through lo: " + server);
        for (IntervalSample i : r.intervals()) {
            assertTrue(i.serverHosts().containsKey(h.host()), "every interval has the host's sample: " + i);
        }
    }

    /**
     * Two exporters of this machine as two hosts (a cluster of two, here the same machine twice): one account each,
     * both in every interval, and as one (HostUsage.across) the same CPU share and twice the disk writes.
     */
    @Test
    void severalHostsAreSampledEachOnItsOwnAndAddUpAsACluster() throws Exception {
        try (NodeExporter second = NodeExporter.start()) {
            RunResult r = Harness.run(ingest("hosts_two", "3s")
                    .option("server-hosts", exporter.url() + "," + second.url()).build());
            assertEquals(0, r.exitCode(), r.failure());
            List<ServerHostUsage> hosts = r.resources().serverHosts();
            assertEquals(List.of("127.0.0.1:" + exporter.port, "127.0.0.1:" + second.port),
                    hosts.stream().map(ServerHostUsage::host).toList(), "in the order given");
            for (IntervalSample i : r.intervals()) {
                assertEquals(2, i.serverHosts().size(), i.toString());
            }
            HostSample a = hosts.get(0).mean();
            HostSample b = hosts.get(1).mean();
            HostSample both = io.dbharness.core.measure.HostUsage.across(List.of(a, b),
                    List.of(hosts.get(0).cores().getAsInt(), hosts.get(1).cores().getAsInt()));
            assertEquals((a.cpuUserPercent() + b.cpuUserPercent()) / 2, both.cpuUserPercent(), 1e-9,
                    "equal cores: the mean share");
            assertEquals(a.diskWritesPerSecond() + b.diskWritesPerSecond(), both.diskWritesPerSecond(), 1e-9);
            assertEquals(a.memoryTotalBytes() + b.memoryTotalBytes(), both.memoryTotalBytes());
        }
    }

    /** The exporter killed two intervals in: the run goes on to its end, and the result says when the samples stopped. */
    @Test
    void aHostThatDiesMidRunStopsItsSamplesAndTheRunGoesOn() throws Exception {
        NodeExporter dying = NodeExporter.start();
        AtomicInteger intervals = new AtomicInteger();
        ProgressListener killer = (sample, progress) -> {
            if (intervals.incrementAndGet() == 2) {
                try {
                    dying.kill();
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                }
            }
        };
        RunResult r;
        try {
            r = Harness.run(ingest("hosts_dying", "5s").option("server-hosts", dying.url().toString())
                    .progress(killer).build());
        } finally {
            dying.close();
        }
        assertEquals(0, r.exitCode(), r.failure());
        ServerHostUsage h = r.resources().serverHosts().get(0);
        assertTrue(h.stopped(), "its samples stopped: " + h);
        // refused, or cut off if the kill came during a reading: either way the line names the exporter
        assertTrue(h.stoppedWhy().contains(dying.url().toString()), h.stoppedWhy());
        double at = h.stoppedAtSeconds().getAsDouble();
        assertTrue(at > 0 && at < 5, "it answered until about 2 s in: " + at);
        assertTrue(r.intervals().get(0).serverHosts().containsKey(h.host()), "sampled before it died");
        IntervalSample last = r.intervals().get(r.intervals().size() - 1);
        assertFalse(last.serverHosts().containsKey(h.host()), "no sample after it died");
        assertTrue(r.totals().counts().rows() > 0, "the run went on");
        assertTrue(h.mean() != null && h.mean().cpuUserPercent() >= 0, "what it gave before is kept: " + h);
    }

    @Test
    void anUnreachableExporterIsRefusedBeforeTheRunWithExitCode3() throws Exception {
        int nobody = NodeExporter.freePort();
        TargetException e = assertThrows(TargetException.class, () -> Harness.run(ingest("hosts_refused", "1s")
                .option("server-hosts", "http://127.0.0.1:" + nobody + "/metrics").build()));
        assertEquals(3, Harness.setupExitCode(e));
        assertEquals("--server-hosts http://127.0.0.1:" + nobody + "/metrics: cannot read the host: connection to"
                + " http://127.0.0.1:" + nobody + "/metrics refused", e.getMessage());
    }

    @Test
    void aUrlThatIsNotANodeExportersOrADeviceItHasNotIsRefusedAsBadUsage() throws Exception {
        // node_exporter answers a path it does not serve with its landing page
        UsageException page = assertThrows(UsageException.class, () -> Harness.run(ingest("hosts_refused", "1s")
                .option("server-hosts", "http://127.0.0.1:" + exporter.port + "/nothing").build()));
        assertEquals("--server-hosts http://127.0.0.1:" + exporter.port + "/nothing: the answer is not a"
                + " node_exporter's metrics (line 1 is not a metric sample: <html>)", page.getMessage());

        // another exporter's metrics: Prometheus text, but not a host's
        HttpServer other = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 0);
        other.createContext("/metrics", x -> {
            if (!x.getRequestURI().getPath().equals("/metrics")) {
                x.sendResponseHeaders(404, -1);
                x.close();
                return;
            }
            byte[] body = "# TYPE http_requests_total counter\nhttp_requests_total{code=\"200\"} 1027\n"
                    .getBytes(StandardCharsets.UTF_8);
            x.sendResponseHeaders(200, body.length);
            x.getResponseBody().write(body);
            x.close();
        });
        other.start();
        try {
            String url = "http://127.0.0.1:" + other.getAddress().getPort() + "/metrics";
            UsageException e = assertThrows(UsageException.class, () -> Harness.run(ingest("hosts_refused", "1s")
                    .option("server-hosts", url).build()));
            assertEquals("--server-hosts " + url + ": the answer is not a node_exporter's metrics (no"
                    + " node_cpu_seconds_total in it)", e.getMessage());
            UsageException notFound = assertThrows(UsageException.class, () -> Harness.run(ingest("hosts_refused", "1s")
                    .option("server-hosts", url.replace("/metrics", "/nothing")).build()));
            assertEquals("--server-hosts " + url.replace("/metrics", "/nothing") + ": HTTP 404 from "
                    + url.replace("/metrics", "/nothing"), notFound.getMessage());
        } finally {
            other.stop(0);
        }

        UsageException device = assertThrows(UsageException.class, () -> Harness.run(ingest("hosts_refused", "1s")
                .option("server-hosts", exporter.url().toString()).option("server-devices", "blk_nosuchdisk").build()));
        assertTrue(device.getMessage().startsWith("--server-devices: host 127.0.0.1:" + exporter.port
                + " has no disk nosuchdisk (its disks: "), device.getMessage());
    }
}
