package io.dbharness.core.engine;

import java.lang.management.ManagementFactory;

/** The CPU time of this JVM process, for the harness's own cost per operation. */
final class ProcessCpu {

    private ProcessCpu() {
    }

    /** Nanoseconds of CPU (user and system) this process used so far, -1 when the JVM cannot tell. */
    static long nanos() {
        if (ManagementFactory.getOperatingSystemMXBean() instanceof com.sun.management.OperatingSystemMXBean os) {
            return os.getProcessCpuTime();
        }
        return -1;
    }
}
