package io.dbharness.core.measure;

import io.dbharness.core.result.HostSample;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

class HostSamplerTest {

    @Test
    void readsTheFilesOfAProcTreeAndAFileThatIsGoneMakesOnlyItsFiguresUnknown(@TempDir Path dir) throws IOException {
        Path proc = dir.resolve("proc");
        Path sys = dir.resolve("sys");
        Files.createDirectories(sys.resolve("block/vda"));
        write(proc, "before");
        HostSampler sampler = new HostSampler(proc, sys, () -> 0);
        assertNull(sampler.sample(), "no sample before a start");
        sampler.restart();
        write(proc, "after");
        HostSample s = sampler.sample();
        assertEquals(100.0 * 104 / 270, s.cpuUserPercent(), 1e-9);
        assertEquals((29 + 215) / 325.0, s.diskAwaitMillis(), 1e-9);
        assertTrue(s.diskWriteMegabytesPerSecond() > 0 && s.netReceiveMegabytesPerSecond() > 0, s.toString());

        Files.delete(proc.resolve("diskstats"));
        HostSample gone = sampler.sample();
        assertEquals(-1, gone.diskReadsPerSecond());
        assertEquals(-1, gone.diskAwaitMillis());
        assertEquals(-1, gone.cpuUserPercent(), "no tick counted between the same two texts: unknown, not 0");
        assertEquals((24683548L - 24142760L) * 1024, gone.memoryUsedBytes());
    }

    /** The rule the engine relies on after a warm-up: a restart drops the CPU time spent before it. */
    @Test
    void aRestartCountsTheProcessCpuTimeFromThereOn(@TempDir Path dir) throws IOException {
        Path proc = dir.resolve("proc");
        write(proc, "before");
        java.util.concurrent.atomic.AtomicLong cpuNanos = new java.util.concurrent.atomic.AtomicLong();
        HostSampler sampler = new HostSampler(proc, dir.resolve("sys"), cpuNanos::get);
        sampler.restart();
        cpuNanos.addAndGet(5_000_000_000L); // a busy warm-up
        assertTrue(sampler.sample().harnessCpuCores() > 0, "the warm-up's own interval shows its CPU");

        cpuNanos.addAndGet(3_000_000_000L); // more warm-up after its last sample
        sampler.restart(); // the measured run begins
        assertEquals(0, sampler.sample().harnessCpuCores(), "an idle measured interval is charged none of the warm-up's CPU");

        cpuNanos.addAndGet(2_000_000_000L);
        assertTrue(sampler.sample().harnessCpuCores() > 0);
        cpuNanos.set(-1); // the JVM stopped telling
        assertEquals(-1, sampler.sample().harnessCpuCores());
    }

    @Test
    void wholeDisksAreThoseOfSysBlockNotStackedOnOthers(@TempDir Path sys) throws IOException {
        Files.createDirectories(sys.resolve("block/sda"));
        Files.createDirectories(sys.resolve("block/nvme0n1/slaves"));
        Files.createDirectories(sys.resolve("block/dm-0/slaves/nvme0n1p2"));
        Files.createDirectories(sys.resolve("block/loop0"));
        Files.createDirectories(sys.resolve("block/cciss!c0d0"));
        assertTrue(HostSampler.wholeDisk(sys, "sda"));
        assertTrue(HostSampler.wholeDisk(sys, "nvme0n1"));
        assertTrue(HostSampler.wholeDisk(sys, "cciss/c0d0"));
        assertFalse(HostSampler.wholeDisk(sys, "sda1"), "partitions are not in /sys/block");
        assertFalse(HostSampler.wholeDisk(sys, "dm-0"), "stacked on nvme0n1p2, counted in nvme0n1");
        assertFalse(HostSampler.wholeDisk(sys, "loop0"));
    }

    /** The real /proc of the machine running the test: every figure readable and in range. */
    @Test
    void thisHostsFiguresAreInRange() throws Exception {
        HostSampler sampler = HostSampler.forThisHost(() -> 1);
        Assumptions.assumeTrue(sampler.isOn(), "not Linux: sampling is off");
        sampler.restart();
        long until = System.nanoTime() + 300_000_000L;
        double spin = 0;
        while (System.nanoTime() < until) {
            spin += Math.sqrt(spin + 1); // keep a core busy, so the CPU figures have ticks to count
        }
        HostSample s = sampler.sample();
        assertNotNull(s, "spin " + spin);
        double cpu = s.cpuUserPercent() + s.cpuSystemPercent() + s.cpuIowaitPercent();
        assertTrue(s.cpuUserPercent() > 0 && cpu <= 100.0 + 1e-9, s.toString());
        assertTrue(s.cpuSystemPercent() >= 0 && s.cpuIowaitPercent() >= 0, s.toString());
        assertTrue(s.memoryUsedBytes() > 0 && s.memoryUsedBytes() < s.memoryTotalBytes(), s.toString());
        assertTrue(s.diskReadsPerSecond() >= 0 && s.diskWritesPerSecond() >= 0 && s.diskAwaitMillis() >= 0, s.toString());
        assertTrue(s.netReceiveMegabytesPerSecond() >= 0 && s.netTransmitMegabytesPerSecond() >= 0, s.toString());
        assertEquals(0, s.harnessCpuCores(), "the supplier's CPU time did not move");
    }

    private static void write(Path proc, String when) throws IOException {
        Files.createDirectories(proc.resolve("net"));
        for (String f : new String[] {"stat", "meminfo", "diskstats", "net/dev"}) {
            Files.writeString(proc.resolve(f), ProcTextTest.fixture(when + "/" + f));
        }
    }
}
