package io.dbharness.core.measure;

import io.dbharness.core.result.HostSample;

/**
 * The host's cumulative counters at one instant; two of them make a {@link HostSample}. A part that could not
 * be read is null (a process CPU time of -1), and its figures come out as -1.
 *
 * @param nanos            {@link System#nanoTime()} when read
 * @param processCpuNanos  CPU time this process used so far, -1 when unknown
 */
record HostCounters(long nanos, ProcText.Cpu cpu, ProcText.Memory memory, ProcText.Disks disks,
                    ProcText.Network network, long processCpuNanos) {

    /** The figures over the interval from {@code earlier} to this; a counter that went backwards gives -1. */
    HostSample since(HostCounters earlier) {
        double seconds = (nanos - earlier.nanos) / 1e9;
        double user = -1;
        double system = -1;
        double iowait = -1;
        if (cpu != null && earlier.cpu != null && cpu.totalTicks() > earlier.cpu.totalTicks()) {
            double total = cpu.totalTicks() - earlier.cpu.totalTicks();
            user = percent(cpu.userTicks() - earlier.cpu.userTicks(), total);
            system = percent(cpu.systemTicks() - earlier.cpu.systemTicks(), total);
            iowait = percent(cpu.iowaitTicks() - earlier.cpu.iowaitTicks(), total);
        }
        double harnessCores = processCpuNanos >= 0 && earlier.processCpuNanos >= 0 && seconds > 0
                && processCpuNanos >= earlier.processCpuNanos ? (processCpuNanos - earlier.processCpuNanos) / 1e9 / seconds : -1;
        double reads = -1;
        double writes = -1;
        double readMb = -1;
        double writeMb = -1;
        double await = -1;
        // a device that went away takes its counts with it: an interval where the sums shrink is unknown
        if (disks != null && earlier.disks != null && seconds > 0 && disks.reads() >= earlier.disks.reads()
                && disks.writes() >= earlier.disks.writes() && disks.readBytes() >= earlier.disks.readBytes()
                && disks.writeBytes() >= earlier.disks.writeBytes() && disks.ioMillis() >= earlier.disks.ioMillis()) {
            long ios = disks.reads() - earlier.disks.reads() + disks.writes() - earlier.disks.writes();
            reads = (disks.reads() - earlier.disks.reads()) / seconds;
            writes = (disks.writes() - earlier.disks.writes()) / seconds;
            readMb = (disks.readBytes() - earlier.disks.readBytes()) / 1e6 / seconds;
            writeMb = (disks.writeBytes() - earlier.disks.writeBytes()) / 1e6 / seconds;
            // no request completed: nothing waited (the run's mean weighs await by requests, so 0 adds nothing)
            await = ios == 0 ? 0 : (double) (disks.ioMillis() - earlier.disks.ioMillis()) / ios;
        }
        double rxMb = -1;
        double txMb = -1;
        if (network != null && earlier.network != null && seconds > 0
                && network.receiveBytes() >= earlier.network.receiveBytes()
                && network.transmitBytes() >= earlier.network.transmitBytes()) {
            rxMb = (network.receiveBytes() - earlier.network.receiveBytes()) / 1e6 / seconds;
            txMb = (network.transmitBytes() - earlier.network.transmitBytes()) / 1e6 / seconds;
        }
        return new HostSample(user, system, iowait, harnessCores, memory == null ? -1 : memory.usedBytes(),
                memory == null ? -1 : memory.totalBytes(), reads, writes, readMb, writeMb, await, rxMb, txMb);
    }

    private static double percent(long part, double total) {
        return part < 0 ? -1 : 100.0 * part / total;
    }
}
