package io.dbharness.core.result;

/** Where the harness ran. */
public record HostInfo(String hostname, String os, String arch, int cores, long memoryBytes, String jvm,
                       long maxHeapBytes) {

    public static HostInfo current() {
        String host;
        try {
            host = java.net.InetAddress.getLocalHost().getHostName();
        } catch (java.io.IOException e) {
            host = "unknown";
        }
        long mem = -1;
        java.lang.management.OperatingSystemMXBean os = java.lang.management.ManagementFactory.getOperatingSystemMXBean();
        if (os instanceof com.sun.management.OperatingSystemMXBean sun) {
            mem = sun.getTotalMemorySize();
        }
        return new HostInfo(host, System.getProperty("os.name") + " " + System.getProperty("os.version"),
                System.getProperty("os.arch"), Runtime.getRuntime().availableProcessors(), mem,
                System.getProperty("java.vm.name") + " " + System.getProperty("java.version"),
                Runtime.getRuntime().maxMemory());
    }
}
