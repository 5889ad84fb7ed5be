package io.dbharness.hosts;

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
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicInteger;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * {@code --server-hosts ssh://...} in whole runs: Debian's sshd on a loopback port ({@link Sshd}), its host's /proc
 * sampled during iot-insert on an embedded PostgreSQL. sshd and harness share the machine, so the server host's
 * figures can be held against the client host's.
 */
@Tag("server")
@Timeout(300)
class SshRunTest {

    @RegisterExtension
    static final EmbeddedPostgres pg = new EmbeddedPostgres();

    static Sshd sshd;

    @TempDir
    Path tmp;

    @BeforeAll
    static void startSshd() throws Exception {
        sshd = Sshd.start();
    }

    @AfterAll
    static void stopSshd() throws Exception {
        if (sshd != null) {
            sshd.close();
        }
    }

    @BeforeEach
    void isolate() {
        System.setProperty(SshSourceProvider.SSH_DIR_PROPERTY, sshd.clientDir().toString());
        System.setProperty(SshSourceProvider.AUTH_SOCK_PROPERTY, "");
    }

    @AfterEach
    void restore() {
        System.clearProperty(SshSourceProvider.SSH_DIR_PROPERTY);
        System.clearProperty(SshSourceProvider.AUTH_SOCK_PROPERTY);
    }

    private static RunSpec.Builder ingest(String table, String duration) {
        return RunSpec.builder().target("postgres").workload("iot-insert").environment(Map.of())
                .option("url", pg.url()).option("user", "postgres").option("table-name", table)
                .option("tag-num", 2000).option("total-metrics-count", 10).option("ts-end", "2022-04-18 12:00:00")
                .option("write-batch-rows", 200).option("workers", 2).option("duration", duration)
                .option("watch-interval", "1s").option("clean", true).option("no-watch", true);
    }

    /**
     * Both accounts read the same kernel counters at nearly the same moments: the client's /proc when the monitor
     * closes an interval, the host's /proc/stat by the remote shell a few milliseconds after the request made then.
     * The busy shares of a 5-second run agree within 5 points (10 ms ticks of 2 cores, and a shift of the windows'
     * ends by up to a few tens of milliseconds on a loaded machine, where the load changes).
     */
    @Test
    void anIngestShowsTheServerHostsCpuAsTheClientHostsAndItsDiskWrites() throws Exception {
        RunResult r = Harness.run(ingest("ssh_ingest", "5s").option("server-hosts", sshd.spec())
                .option("ssh-accept-new-host-keys", true).build());
        assertEquals(0, r.exitCode(), r.failure());
        List<ServerHostUsage> hosts = r.resources().serverHosts();
        assertEquals(1, hosts.size());
        ServerHostUsage h = hosts.get(0);
        assertEquals("127.0.0.1:" + sshd.port(), h.host());
        assertEquals("ssh", h.source());
        assertEquals(Runtime.getRuntime().availableProcessors(), h.cores().getAsInt(), "this machine's cores");
        assertTrue(h.memoryTotalBytes().getAsLong() > 0);
        assertFalse(h.stopped(), h.stoppedWhy());
        HostSample server = h.mean();
        HostSample client = r.resources().mean();
        double serverBusy = server.cpuUserPercent() + server.cpuSystemPercent();
        double clientBusy = client.cpuUserPercent() + client.cpuSystemPercent();
        System.out.printf("ssh: server host %.1f%% busy, client host %.1f%%; server disk %.0f writes/s %.2f MB/s %.0f%% busy%n",
                serverBusy, clientBusy, server.diskWritesPerSecond(), server.diskWriteMegabytesPerSecond(),
                server.diskBusyPercent());
        assertTrue(Math.abs(serverBusy - clientBusy) <= 5, "server host " + serverBusy + "% busy, client host "
                + clientBusy + "%: the same machine");
        assertTrue(server.diskWritesPerSecond() > 0 && server.diskWriteMegabytesPerSecond() > 0,
                "PostgreSQL's WAL and data files reach the disk: " + server);
        assertEquals(-1, server.harnessCpuCores(), "no harness runs on a server host");
        assertTrue(h.interfaces().contains("lo"), "a host on 127.0.0.1 talks to us through lo: " + h.interfaces());
        for (IntervalSample i : r.intervals()) {
            assertTrue(i.serverHosts().containsKey(h.host()), "every interval has the host's sample: " + i);
        }
        assertEquals(sshd.knownHostsLine(), Files.readString(sshd.clientDir().resolve("known_hosts")).strip(),
                "the new host key was added");
    }

    /** sshd killed two intervals in, its sessions with it: the run goes on, the result says when the samples stopped. */
    @Test
    void aHostThatDiesMidRunStopsItsSamplesAndTheRunGoesOn() throws Exception {
        RunResult r;
        try (Sshd dying = Sshd.start()) {
            System.setProperty(SshSourceProvider.SSH_DIR_PROPERTY, dying.clientDir().toString());
            AtomicInteger intervals = new AtomicInteger();
            ProgressListener killer = (sample, progress) -> {
                if (intervals.incrementAndGet() == 2) {
                    try {
                        dying.kill();
                    } catch (Exception e) {
                        throw new AssertionError(e);
                    }
                }
            };
            r = Harness.run(ingest("ssh_dying", "5s").option("server-hosts", dying.spec())
                    .option("ssh-accept-new-host-keys", true).progress(killer).build());
        }
        assertEquals(0, r.exitCode(), r.failure());
        ServerHostUsage h = r.resources().serverHosts().get(0);
        assertTrue(h.stopped(), "its samples stopped: " + h);
        assertEquals("the connection closed", h.stoppedWhy());
        double at = h.stoppedAtSeconds().getAsDouble();
        assertTrue(at > 0 && at < 5, "it answered until about 2 s in: " + at);
        assertTrue(r.intervals().get(0).serverHosts().containsKey(h.host()), "sampled before it died");
        assertFalse(r.intervals().get(r.intervals().size() - 1).serverHosts().containsKey(h.host()), "no sample after");
        assertTrue(r.totals().counts().rows() > 0, "the run went on");
    }

    @Test
    void refusalsComeBeforeTheRunInOneLine() throws Exception {
        // an unknown host key: exit 2, nothing written
        Path empty = Files.createDirectory(tmp.resolve("ssh"));
        Files.copy(sshd.clientDir().resolve("id_ed25519"), empty.resolve("id_ed25519"));
        System.setProperty(SshSourceProvider.SSH_DIR_PROPERTY, empty.toString());
        UsageException unknown = assertThrows(UsageException.class, () -> Harness.run(ingest("ssh_refused", "1s")
                .option("server-hosts", sshd.spec()).build()));
        assertTrue(unknown.getMessage().startsWith("--server-hosts " + sshd.spec() + ": its host key ssh-ed25519 SHA256:"),
                unknown.getMessage());
        assertFalse(Files.exists(empty.resolve("known_hosts")));

        // a key the host refuses: exit 3, as a database refusing its login
        Files.writeString(empty.resolve("known_hosts"), sshd.knownHostsLine() + "\n");
        Path other = Sshd.newKey(tmp, "other", "");
        TargetException refused = assertThrows(TargetException.class, () -> Harness.run(ingest("ssh_refused", "1s")
                .option("server-hosts", sshd.spec()).option("ssh-identity", other.toString()).build()));
        assertEquals(3, Harness.setupExitCode(refused));
        // the engine names a spec with what it says of who logs in masked, as every message of a URL does
        assertEquals("--server-hosts " + io.dbharness.core.config.Secrets.maskEmbedded(sshd.spec())
                + ": cannot read the host: the server refused " + other + " for user "
                + System.getProperty("user.name"), refused.getMessage());

        // a disk the host has not, named BenchmarkSQL's way
        UsageException device = assertThrows(UsageException.class, () -> Harness.run(ingest("ssh_refused", "1s")
                .option("server-hosts", sshd.spec()).option("server-devices", "blk_nosuchdisk").build()));
        assertTrue(device.getMessage().startsWith("--server-devices: host 127.0.0.1:" + sshd.port()
                + " has no disk nosuchdisk (its disks: "), device.getMessage());
    }
}
