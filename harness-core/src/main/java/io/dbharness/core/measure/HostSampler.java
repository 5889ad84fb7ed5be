package io.dbharness.core.measure;

import io.dbharness.core.result.HostSample;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
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
    private HostReading last;
    private byte[] buffer = new byte[8192];

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
        HostReading now = read();
        HostSample s = last == null ? null : now.since(last);
        last = now;
        return s;
    }

    HostReading read() {
        String stat = text("stat");
        String meminfo = text("meminfo");
        String diskstats = text("diskstats");
        String netDev = text("net/dev");
        long cpuNanos = processCpuNanos.getAsLong();
        long now = System.nanoTime();
        return new HostReading(now, stat == null ? null : ProcText.cpu(stat),
                meminfo == null ? null : ProcText.memory(meminfo),
                diskstats == null ? null : ProcText.disks(diskstats, this::wholeDisk),
                netDev == null ? null : ProcText.network(netDev), cpuNanos);
    }

    /**
     * The file's text, read into one buffer kept from sample to sample (Files.readString would allocate
     * several times the text each time: /proc files claim a size of 0). Of /proc/stat only the first line is
     * needed, and on a large machine the rest (a count per interrupt) is many kilobytes.
     */
    private String text(String file) {
        boolean firstLine = file.equals("stat");
        try (InputStream in = Files.newInputStream(proc.resolve(file))) {
            int n = 0;
            while (true) {
                if (n == buffer.length) {
                    if (firstLine) {
                        break;
                    }
                    buffer = Arrays.copyOf(buffer, n * 2);
                }
                int read = in.read(buffer, n, buffer.length - n);
                if (read < 0 || firstLine && hasLineEnd(n, read)) {
                    n += Math.max(read, 0);
                    break;
                }
                n += read;
            }
            // ISO-8859-1 maps every byte: an odd interface name cannot make the read fail
            return new String(buffer, 0, n, StandardCharsets.ISO_8859_1);
        } catch (IOException | RuntimeException e) {
            return null;
        }
    }

    private boolean hasLineEnd(int from, int length) {
        for (int i = from; i < from + length; i++) {
            if (buffer[i] == '\n') {
                return true;
            }
        }
        return false;
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
