package io.dbharness.core.engine;

import io.dbharness.core.measure.DeviceFilter;
import io.dbharness.core.measure.HostReading;
import io.dbharness.core.measure.HostSource;
import io.dbharness.core.measure.ProcText;
import io.dbharness.core.result.HostSample;
import io.dbharness.core.result.ServerHostUsage;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The engine's side of the server hosts on a host that is a /proc tree in a folder: the real files a VM gave one
 * second apart ({@code proc/before}, {@code proc/after}, see ProcTextTest), read as an SSH source reads them. A tree
 * taken away is a host that stopped answering.
 */
@Timeout(30)
class ServerHostsTest {

    /** A host whose /proc is a folder: each reading reads its four files, and fails when they are gone. */
    private record Folder(Path proc) implements HostSource {
        @Override
        public String host() {
            return "folder";
        }

        @Override
        public String kind() {
            return "ssh";
        }

        @Override
        public HostReading read() throws IOException {
            String stat = Files.readString(proc.resolve("stat"));
            String meminfo = Files.readString(proc.resolve("meminfo"));
            String diskstats = Files.readString(proc.resolve("diskstats"));
            String netDev = Files.readString(proc.resolve("net/dev"));
            return new HostReading(System.nanoTime(), ProcText.cpu(stat), ProcText.memory(meminfo),
                    ProcText.disks(diskstats, n -> true), ProcText.network(netDev, n -> true));
        }

        @Override
        public void close() {
        }
    }

    private static void write(Path proc, String when) throws IOException {
        Files.createDirectories(proc.resolve("net"));
        for (String f : new String[] {"stat", "meminfo", "diskstats", "net/dev"}) {
            try (InputStream in = ServerHostsTest.class.getResourceAsStream("/proc/" + when + "/" + f)) {
                Files.writeString(proc.resolve(f), new String(in.readAllBytes(), StandardCharsets.ISO_8859_1));
            }
        }
    }

    private static void awaitReadings(ServerHosts hosts, int n) throws InterruptedException {
        while (hosts.readings(0) < n) {
            Thread.sleep(1);
        }
    }

    @Test
    void eachIntervalIsTwoReadingsAndAHostThatStopsAnsweringStopsItsSamplesThere(@TempDir Path dir) throws Exception {
        Path proc = dir.resolve("proc");
        write(proc, "before");
        long start = System.nanoTime();
        try (ServerHosts hosts = ServerHosts.of(List.of(new Folder(proc)), DeviceFilter.DEFAULT)) {
            hosts.start(); // the baseline, waited for
            write(proc, "after");
            hosts.cut();
            hosts.cut(); // the same counters again: an interval with nothing counted
            awaitReadings(hosts, 3); // cuts never wait: the host's thread reads when it gets to them
            try (var files = Files.walk(proc)) {
                files.sorted(java.util.Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
            }
            hosts.cut();
            ServerHosts.Result r = hosts.finish(4, true, start);
            assertEquals(4, r.perInterval().size());
            HostSample first = r.perInterval().get(0).get("folder");
            assertEquals(100.0 * 104 / 270, first.cpuUserPercent(), 1e-9, "the VM's second, as the client host reads it");
            assertEquals(-1, first.harnessCpuCores());
            assertEquals(0, r.perInterval().get(1).get("folder").diskWritesPerSecond(), "nothing counted between");
            assertEquals(Map.of(), r.perInterval().get(2), "gone: no sample");
            assertEquals(Map.of(), r.perInterval().get(3));
            ServerHostUsage u = r.usage().get(0);
            assertEquals("folder", u.host());
            assertEquals(2, u.cores().getAsInt());
            assertEquals(List.of("vda"), u.disks(), "loop devices left out by default");
            assertTrue(u.stopped());
            assertTrue(u.stoppedWhy().contains("stat"), u.stoppedWhy());
            assertTrue(u.stoppedAtSeconds().getAsDouble() >= 0);
        }
    }

    /** Live listeners get each host's last two readings, before the run's end: nothing until there are two. */
    @Test
    void theLatestFiguresAreTheLastTwoReadingsForLiveListeners(@TempDir Path dir) throws Exception {
        Path proc = dir.resolve("proc");
        write(proc, "before");
        try (ServerHosts hosts = ServerHosts.of(List.of(new Folder(proc)), DeviceFilter.DEFAULT)) {
            hosts.start();
            assertEquals(Map.of(), hosts.latest(), "the baseline alone is no interval");
            write(proc, "after");
            hosts.cut();
            awaitReadings(hosts, 2);
            assertEquals(100.0 * 104 / 270, hosts.latest().get("folder").cpuUserPercent(), 1e-9);
            assertEquals(ServerHosts.NONE.latest(), Map.of());
        }
    }

    /** The run's short tail was not kept as an interval: the last reading ends the interval its last cut ended. */
    @Test
    void aTailNotKeptJoinsTheIntervalBefore(@TempDir Path dir) throws Exception {
        Path proc = dir.resolve("proc");
        write(proc, "before");
        try (ServerHosts hosts = ServerHosts.of(List.of(new Folder(proc)), DeviceFilter.DEFAULT)) {
            hosts.start();
            hosts.cut(); // the same counters: nothing counted up to this cut
            write(proc, "after");
            ServerHosts.Result r = hosts.finish(1, false, System.nanoTime());
            assertEquals(1, r.perInterval().size());
            assertEquals(100.0 * 104 / 270, r.perInterval().get(0).get("folder").cpuUserPercent(), 1e-9,
                    "from the baseline to the last reading, the cut between left out");
            assertNull(r.usage().get(0).stoppedWhy());
        }
    }
}
