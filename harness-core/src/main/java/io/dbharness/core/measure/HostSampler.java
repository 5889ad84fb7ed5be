package io.dbharness.core.measure;

import io.dbharness.core.result.HostSample;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.Locale;
import java.util.Map;
import java.util.function.LongSupplier;

/**
 * The client host's CPU, memory, disk and network use, and this process's CPU, from /proc: each
 * {@link #sample()} gives the figures since the previous one. Off (every sample null) where there is no
 * /proc to read. A file that cannot be read makes its figures -1 for that sample; nothing here throws.
 * One thread only: the engine's monitor.
 */
public final class HostSampler {

    private static final HostSampler OFF = new HostSampler(null, null, () -> -1);

    private final Path proc;
    private final Path sys;
    private final LongSupplier processCpuNanos;
    /** Which devices of /proc/diskstats count, decided once per name: /sys does not change during a run. */
    private final Map<String, Boolean> wholeDisks = new HashMap<>();
    private HostCounters last;

    /** @param processCpuNanos this process's CPU time so far, -1 when unknown */
    HostSampler(Path proc, Path sys, LongSupplier processCpuNanos) {
        this.proc = proc;
        this.sys = sys;
        this.processCpuNanos = processCpuNanos;
    }

    /** The sampler of this machine, or one that is off when it is not Linux. */
    public static HostSampler forThisHost(LongSupplier processCpuNanos) {
        boolean linux = System.getProperty("os.name", "").toLowerCase(Locale.ROOT).startsWith("linux");
        Path proc = Path.of("/proc");
        return linux && Files.isReadable(proc.resolve("stat")) ? new HostSampler(proc, Path.of("/sys"), processCpuNanos) : OFF;
    }

    public boolean isOn() {
        return proc != null;
    }

    /** Starts counting anew from now (the measured run begins after a warm-up). */
    public void restart() {
        if (isOn()) {
            last = read();
        }
    }

    /** The figures since the previous sample or {@link #restart()}; null when off or never started. */
    public HostSample sample() {
        if (!isOn()) {
            return null;
        }
        HostCounters now = read();
        HostSample s = last == null ? null : now.since(last);
        last = now;
        return s;
    }

    HostCounters read() {
        String stat = text("stat");
        String meminfo = text("meminfo");
        String diskstats = text("diskstats");
        String netDev = text("net/dev");
        long cpuNanos = processCpuNanos.getAsLong();
        long now = System.nanoTime();
        return new HostCounters(now, stat == null ? null : ProcText.cpu(stat),
                meminfo == null ? null : ProcText.memory(meminfo),
                diskstats == null ? null : ProcText.disks(diskstats, this::wholeDisk),
                netDev == null ? null : ProcText.network(netDev), cpuNanos);
    }

    private String text(String file) {
        try {
            // ISO-8859-1 maps every byte: an odd interface name cannot make the read fail
            return Files.readString(proc.resolve(file), StandardCharsets.ISO_8859_1);
        } catch (IOException | RuntimeException e) {
            return null;
        }
    }

    private boolean wholeDisk(String name) {
        return wholeDisks.computeIfAbsent(name, n -> wholeDisk(sys, n));
    }

    /**
     * Whether a device of /proc/diskstats is a disk whose IO is counted: listed in /sys/block (partitions are
     * not: their IO is in their disk's line), not a memory or loop device (their IO is the page cache or a file
     * on a disk already counted), and not stacked on other devices (device-mapper, md: the disks under them
     * carry that IO and are counted).
     */
    static boolean wholeDisk(Path sys, String name) {
        if (name.startsWith("loop") || name.startsWith("ram") || name.startsWith("zram")) {
            return false;
        }
        Path dev = sys.resolve("block").resolve(name.replace('/', '!')); // cciss/c0d0 is cciss!c0d0 in /sys
        if (!Files.isDirectory(dev) || Files.exists(dev.resolve("partition"))) {
            return false;
        }
        try (var slaves = Files.list(dev.resolve("slaves"))) {
            return slaves.findAny().isEmpty();
        } catch (IOException | RuntimeException e) {
            return true; // no slaves directory: nothing under it
        }
    }
}
