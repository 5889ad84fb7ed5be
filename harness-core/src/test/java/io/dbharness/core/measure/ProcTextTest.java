package io.dbharness.core.measure;

import io.dbharness.core.result.HostSample;
import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.Set;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;

/**
 * The /proc parsers on real texts: {@code proc/before} and {@code proc/after} were copied from a 2-core Linux
 * VM one second apart while {@code dd} wrote 200 MB with O_DIRECT; {@code diskstats-partitions} has the
 * kernel's layout for a machine with partitions, LVM, loop and ram devices (the VM has none).
 */
class ProcTextTest {

    static String fixture(String name) {
        try (InputStream in = ProcTextTest.class.getResourceAsStream("/proc/" + name)) {
            assertNotNull(in, name);
            return new String(in.readAllBytes(), StandardCharsets.ISO_8859_1);
        } catch (IOException e) {
            throw new IllegalStateException(e);
        }
    }

    @Test
    void cpuTakesTheAggregateLineWithNiceInUserAndIrqInSystem() {
        // cpu  42015 0 16010 41110 1242 0 1231 0 0 0: guest and guest_nice are in user already
        assertEquals(new ProcText.Cpu(42015, 16010 + 1231, 1242, 41110, 42015 + 16010 + 41110 + 1242 + 1231, 2),
                ProcText.cpu(fixture("before/stat")));
        assertEquals(new ProcText.Cpu(10 + 2, 3 + 4 + 5, 7, 100, 10 + 2 + 3 + 100 + 7 + 4 + 5 + 6, 1),
                ProcText.cpu("intr 1 2\ncpu  10 2 3 100 7 4 5 6 1 1\ncpu0 10 2 3 100 7 4 5 6 1 1\n"));
        assertEquals(0, ProcText.cpu("cpu  10 2 3 100 7 4 5 6 1 1\n").cores(), "the first line alone: cores unknown");
    }

    @Test
    void memoryUsedIsTotalLessAvailable() {
        assertEquals(new ProcText.Memory((24683548L - 24142760L) * 1024, 24683548L * 1024),
                ProcText.memory(fixture("after/meminfo")));
        assertNull(ProcText.memory("MemTotal:       24683548 kB\nMemFree:        1000 kB\n"), "no MemAvailable: unknown");
    }

    @Test
    void disksCountWholeDisksOnlyNotPartitionsStackedLoopOrRamDevices() {
        ProcText.Disks d = ProcText.disks(fixture("diskstats-partitions"), Set.of("nvme0n1", "sda")::contains);
        // reads, writes, sectors read and written, ms reading and writing, ms busy (iostats fields 1, 5, 3, 7, 4 + 8, 10)
        assertEquals(java.util.Map.of(
                "nvme0n1", new ProcText.Disk(120000, 250000, 9_000_000L * 512, 30_000_000L * 512, 40000 + 120000, 150000),
                "sda", new ProcText.Disk(5000, 1000, 400_000L * 512, 80_000L * 512, 6000 + 3000, 7000)), d.devices());
        assertEquals(java.util.Map.of(), ProcText.disks(fixture("diskstats-partitions"), n -> false).devices());
        assertNull(ProcText.disks(" 8 0 sda 1 2 3\n", n -> true), "a line cut short is not guessed at");
    }

    @Test
    void networkSumsInterfacesWithoutLoopback() {
        ProcText.Network before = ProcText.network(fixture("before/net/dev"));
        assertEquals(191157872, before.interfaces().values().stream().mapToLong(ProcText.Traffic::receiveBytes).sum());
        assertEquals(299656, before.interfaces().values().stream().mapToLong(ProcText.Traffic::transmitBytes).sum());
        assertFalse(before.interfaces().containsKey("lo"));
        assertTrue(ProcText.network(fixture("before/net/dev"), n -> true).interfaces().containsKey("lo"),
                "a server host on loopback counts lo");
        // kernels before 2.6 wrote no space after the colon
        assertEquals(java.util.Map.of("eth0", new ProcText.Traffic(123, 456), "wlan0", new ProcText.Traffic(5, 6)),
                ProcText.network("Inter-|\n face |\n  eth0:123 1 0 0 0 0 0 0 456 1 0 0 0 0 0 0\n"
                        + "  wlan0: 5 1 0 0 0 0 0 0 6 1 0 0 0 0 0 0\n").interfaces());
        assertNull(ProcText.network(""));
    }

    @Test
    void garbageGivesNullNotAnException() {
        assertNull(ProcText.cpu("cpu0 1 2 3\n"));
        assertNull(ProcText.cpu("cpu  1 2 x\n"));
        assertNull(ProcText.memory(""));
        assertNull(ProcText.disks("not a diskstats line\n", n -> true));
        assertNull(ProcText.network("Inter-|\n face |\n  eth0: 1 2 3\n"));
    }

    @Test
    void twoReadingsGiveCpuSharesAwaitAndRates() {
        HostReading before = counters("before", 0);
        HostReading after = counters("after", 1_000_000_000L);
        HostSample s = after.since(before);
        // ticks: user 104, system 46 + softirq 1, idle 118, iowait 1: 270 in all
        assertEquals(100.0 * 104 / 270, s.cpuUserPercent(), 1e-9);
        assertEquals(100.0 * 47 / 270, s.cpuSystemPercent(), 1e-9);
        assertEquals(100.0 * 1 / 270, s.cpuIowaitPercent(), 1e-9);
        // vda: 102 reads and 223 writes completed, 29 + 215 ms spent on them; dd wrote 409,808 sectors
        assertEquals(102, s.diskReadsPerSecond(), 1e-9);
        assertEquals(223, s.diskWritesPerSecond(), 1e-9);
        assertEquals((2280754 - 2278258) * 512 / 1e6, s.diskReadMegabytesPerSecond(), 1e-9);
        assertEquals(409_808 * 512 / 1e6, s.diskWriteMegabytesPerSecond(), 1e-9);
        assertEquals((29 + 215) / 325.0, s.diskAwaitMillis(), 1e-9);
        assertEquals((27840 - 27608) / 10.0, s.diskBusyPercent(), 1e-9, "232 ms busy in one second");
        assertEquals((191195702 - 191157872) / 1e6, s.netReceiveMegabytesPerSecond(), 1e-9);
        assertEquals((309415 - 299656) / 1e6, s.netTransmitMegabytesPerSecond(), 1e-9);
        assertEquals((24683548L - 24142760L) * 1024, s.memoryUsedBytes());
        assertEquals(24683548L * 1024, s.memoryTotalBytes());
        assertEquals(0.25, s.harnessCpuCores(), 1e-9); // 250 ms of CPU in one second
    }

    /** As Prometheus' rate(): a counter that went down was reset, and counted its new value since. */
    @Test
    void aCounterThatWentDownWasResetAndADeviceInOneReadingOnlyCountsInNeither() {
        ProcText.Disk big = new ProcText.Disk(1000, 2000, 1_000_000, 2_000_000, 500, 900);
        ProcText.Disk small = new ProcText.Disk(10, 20, 10_000, 20_000, 5, 300);
        HostReading before = new HostReading(0, null, null, new ProcText.Disks(java.util.Map.of("sda", big, "sdb", big)),
                new ProcText.Network(java.util.Map.of("eth0", new ProcText.Traffic(5_000_000, 7_000_000))));
        HostReading after = new HostReading(1_000_000_000L, null, null,
                new ProcText.Disks(java.util.Map.of("sda", small, "sdc", big)),
                new ProcText.Network(java.util.Map.of("eth0", new ProcText.Traffic(1_000_000, 2_000_000))));
        HostSample s = after.since(before);
        assertEquals(10, s.diskReadsPerSecond(), 1e-9, "sda reset: its 10 reads are the interval's; sdb gone, sdc new");
        assertEquals(20, s.diskWritesPerSecond(), 1e-9);
        assertEquals(5 / 30.0, s.diskAwaitMillis(), 1e-9);
        assertEquals(30, s.diskBusyPercent(), 1e-9);
        assertEquals(1, s.netReceiveMegabytesPerSecond(), 1e-9);
        assertEquals(2, s.netTransmitMegabytesPerSecond(), 1e-9);
        assertEquals(-1, s.harnessCpuCores(), "another host: no process of ours");
    }

    /** A filter that keeps no disk (or no interface) leaves their figures unknown, not idle. */
    @Test
    void noDeviceCountedGivesMinusOneNotZero() {
        ProcText.Disk d = new ProcText.Disk(1000, 2000, 1_000_000, 2_000_000, 500, 900);
        ProcText.Traffic t = new ProcText.Traffic(5_000_000, 7_000_000);
        HostReading before = new HostReading(0, null, null, new ProcText.Disks(java.util.Map.of("sda", d)),
                new ProcText.Network(java.util.Map.of("eth0", t)));
        HostReading after = new HostReading(1_000_000_000L, null, null, new ProcText.Disks(java.util.Map.of("sda", d)),
                new ProcText.Network(java.util.Map.of("eth0", t)));
        HostSample noDisk = after.only(n -> false, n -> true).since(before.only(n -> false, n -> true));
        assertEquals(-1, noDisk.diskWritesPerSecond());
        assertEquals(-1, noDisk.diskBusyPercent());
        assertEquals(0, noDisk.netReceiveMegabytesPerSecond(), 1e-9, "the interface is counted: it was idle");
        HostSample noInterface = after.only(n -> true, n -> false).since(before.only(n -> true, n -> false));
        assertEquals(-1, noInterface.netReceiveMegabytesPerSecond());
        assertEquals(0, noInterface.diskWritesPerSecond(), 1e-9);
    }

    @Test
    void readingsOutOfOrderOrUnreadGiveMinusOne() {
        HostReading before = counters("before", 0);
        HostReading after = counters("after", 1_000_000_000L);
        HostSample backwards = before.since(after);
        assertEquals(-1, backwards.diskReadsPerSecond(), "readings in the wrong order: no interval to divide by");
        assertEquals(-1, backwards.netReceiveMegabytesPerSecond());
        HostSample unread = new HostReading(1_000_000_000L, null, null, null, null, -1).since(before);
        assertEquals(HostSample.builder()
                .cpuUserPercent(-1)
                .cpuSystemPercent(-1)
                .cpuIowaitPercent(-1)
                .harnessCpuCores(-1)
                .memoryUsedBytes(-1)
                .memoryTotalBytes(-1)
                .diskReadsPerSecond(-1)
                .diskWritesPerSecond(-1)
                .diskReadMegabytesPerSecond(-1)
                .diskWriteMegabytesPerSecond(-1)
                .diskAwaitMillis(-1)
                .diskBusyPercent(-1)
                .netReceiveMegabytesPerSecond(-1)
                .netTransmitMegabytesPerSecond(-1)
                .build(), unread);
    }

    private static HostReading counters(String when, long nanos) {
        return new HostReading(nanos, ProcText.cpu(fixture(when + "/stat")), ProcText.memory(fixture(when + "/meminfo")),
                ProcText.disks(fixture(when + "/diskstats"), "vda"::equals), ProcText.network(fixture(when + "/net/dev")),
                nanos / 4);
    }
}
