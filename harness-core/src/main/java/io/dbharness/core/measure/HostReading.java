package io.dbharness.core.measure;

import io.dbharness.core.result.HostSample;

import java.util.LinkedHashMap;
import java.util.Map;
import java.util.function.Predicate;

/**
 * A host's cumulative counters at one instant, however they were read (this host's /proc, a node_exporter, /proc
 * over SSH); two of them make a {@link HostSample}, by {@link #since}, the one place rates are computed. A part that
 * could not be read is null (a process CPU time of -1), and its figures come out as -1.
 *
 * <p>A counter that went down between two readings was reset (a reboot, a driver reloaded): as Prometheus'
 * {@code rate()} takes it, what it counted since is its new value. A disk or interface in one reading only counts
 * in neither interval's figures (as a series Prometheus has one point of).
 *
 * @param nanos           {@link System#nanoTime()} when read (for a remote host: when its answer came)
 * @param processCpuNanos CPU time this process used so far, -1 when unknown or not this host
 */
public record HostReading(long nanos, ProcText.Cpu cpu, ProcText.Memory memory, ProcText.Disks disks,
                          ProcText.Network network, long processCpuNanos) {

    /** A reading of another host: no process of ours runs there. */
    public HostReading(long nanos, ProcText.Cpu cpu, ProcText.Memory memory, ProcText.Disks disks,
                       ProcText.Network network) {
        this(nanos, cpu, memory, disks, network, -1);
    }

    /** The same reading with only the disks and interfaces the filters accept. */
    public HostReading only(Predicate<String> disk, Predicate<String> iface) {
        ProcText.Disks d = disks == null ? null : new ProcText.Disks(keep(disks.devices(), disk));
        ProcText.Network n = network == null ? null : new ProcText.Network(keep(network.interfaces(), iface));
        return new HostReading(nanos, cpu, memory, d, n, processCpuNanos);
    }

    /** The figures over the interval from {@code earlier} to this. */
    public HostSample since(HostReading earlier) {
        double seconds = (nanos - earlier.nanos) / 1e9;
        double user = -1;
        double system = -1;
        double iowait = -1;
        if (cpu != null && earlier.cpu != null) {
            ProcText.Cpu was = cpu.totalTicks() < earlier.cpu.totalTicks() ? new ProcText.Cpu(0, 0, 0, 0, 0, 0) : earlier.cpu;
            if (cpu.totalTicks() > was.totalTicks()) {
                double total = cpu.totalTicks() - was.totalTicks();
                user = percent(increase(cpu.userTicks(), was.userTicks()), total);
                system = percent(increase(cpu.systemTicks(), was.systemTicks()), total);
                iowait = percent(increase(cpu.iowaitTicks(), was.iowaitTicks()), total);
            }
        }
        double harnessCores = processCpuNanos >= 0 && earlier.processCpuNanos >= 0 && seconds > 0
                && processCpuNanos >= earlier.processCpuNanos ? (processCpuNanos - earlier.processCpuNanos) / 1e9 / seconds : -1;
        double reads = -1;
        double writes = -1;
        double readMb = -1;
        double writeMb = -1;
        double await = -1;
        double busy = -1;
        if (disks != null && earlier.disks != null && seconds > 0) {
            long[] sum = new long[6]; // reads, writes, read bytes, written bytes, io millis, the busiest's busy millis
            boolean[] known = {true, true, true, true, true, true};
            int counted = 0;
            for (var e : disks.devices().entrySet()) {
                ProcText.Disk before = earlier.disks.devices().get(e.getKey());
                if (before == null) {
                    continue;
                }
                counted++;
                ProcText.Disk now = e.getValue();
                long[] a = {now.reads(), now.writes(), now.readBytes(), now.writeBytes(), now.ioMillis(), now.busyMillis()};
                long[] b = {before.reads(), before.writes(), before.readBytes(), before.writeBytes(), before.ioMillis(),
                        before.busyMillis()};
                for (int i = 0; i < sum.length; i++) {
                    if (a[i] < 0 || b[i] < 0) {
                        known[i] = false; // a counter the source did not give: the figure is unknown, not 0
                    } else if (i == 5) {
                        sum[i] = Math.max(sum[i], increase(a[i], b[i]));
                    } else {
                        sum[i] += increase(a[i], b[i]);
                    }
                }
            }
            if (counted > 0) { // no disk in both readings (none kept by the filter): unknown, not idle
                reads = known[0] ? sum[0] / seconds : -1;
                writes = known[1] ? sum[1] / seconds : -1;
                readMb = known[2] ? sum[2] / 1e6 / seconds : -1;
                writeMb = known[3] ? sum[3] / 1e6 / seconds : -1;
                long requests = sum[0] + sum[1];
                // no request completed: nothing waited (the run's mean weighs await by requests, so 0 adds nothing)
                await = !known[0] || !known[1] || !known[4] ? -1 : requests == 0 ? 0 : (double) sum[4] / requests;
                // the busiest disk, as iostat's %util of the device that limits: a saturated data disk averaged with
                // an idle system disk would read as half busy. The kernel's tick and our clock differ a little: capped.
                busy = known[5] ? Math.min(100, sum[5] / 10.0 / seconds) : -1;
            }
        }
        double rxMb = -1;
        double txMb = -1;
        if (network != null && earlier.network != null && seconds > 0) {
            long rx = 0;
            long tx = 0;
            int counted = 0;
            for (var e : network.interfaces().entrySet()) {
                ProcText.Traffic before = earlier.network.interfaces().get(e.getKey());
                if (before != null) {
                    counted++;
                    rx += increase(e.getValue().receiveBytes(), before.receiveBytes());
                    tx += increase(e.getValue().transmitBytes(), before.transmitBytes());
                }
            }
            if (counted > 0) {
                rxMb = rx / 1e6 / seconds;
                txMb = tx / 1e6 / seconds;
            }
        }
        return new HostSample(user, system, iowait, harnessCores, memory == null ? -1 : memory.usedBytes(),
                memory == null ? -1 : memory.totalBytes(), reads, writes, readMb, writeMb, await, busy, rxMb, txMb);
    }

    /** What a counter counted from {@code before} to {@code now}: all of {@code now} after a reset. */
    static long increase(long now, long before) {
        return now >= before ? now - before : now;
    }

    private static double percent(long part, double total) {
        return 100.0 * part / total;
    }

    private static <V> Map<String, V> keep(Map<String, V> all, Predicate<String> counted) {
        Map<String, V> out = new LinkedHashMap<>();
        all.forEach((k, v) -> {
            if (counted.test(k)) {
                out.put(k, v);
            }
        });
        return out;
    }
}
