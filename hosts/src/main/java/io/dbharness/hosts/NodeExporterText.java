package io.dbharness.hosts;

import io.dbharness.core.measure.HostReading;
import io.dbharness.core.measure.ProcText;

import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Set;

/**
 * A node_exporter's metrics as a {@link HostReading}: the same counters the client host reads from /proc (node_exporter
 * reads them there too), so the rates come from the same code. CPU modes are summed over the cores; seconds become
 * ticks of 1/100 s (Linux's USER_HZ, the resolution node_exporter reads them at). A figure the text lacks is null,
 * as a /proc file that cannot be read.
 */
final class NodeExporterText {

    static final String CPU = "node_cpu_seconds_total";
    static final String MEM_TOTAL = "node_memory_MemTotal_bytes";
    static final String MEM_AVAILABLE = "node_memory_MemAvailable_bytes";

    private NodeExporterText() {
    }

    /**
     * @param nanos when the text came ({@link System#nanoTime()})
     * @throws PrometheusText.FormatException when the text is not Prometheus' format
     */
    static HostReading reading(String text, long nanos) {
        Map<String, Double> cpuModes = new LinkedHashMap<>();
        Set<String> cores = new HashSet<>();
        Map<String, double[]> disks = new LinkedHashMap<>();
        Map<String, double[]> nets = new LinkedHashMap<>();
        double[] mem = {-1, -1};
        PrometheusText.samples(text, NodeExporterText::wanted, s -> {
            switch (s.name()) {
                case CPU -> {
                    cores.add(s.labels().getOrDefault("cpu", ""));
                    cpuModes.merge(s.labels().getOrDefault("mode", ""), s.value(), Double::sum);
                }
                case MEM_TOTAL -> mem[0] = s.value();
                case MEM_AVAILABLE -> mem[1] = s.value();
                case "node_network_receive_bytes_total" -> device(nets, s, 2)[0] = s.value();
                case "node_network_transmit_bytes_total" -> device(nets, s, 2)[1] = s.value();
                default -> {
                    int field = DISK_FIELDS.indexOf(s.name());
                    if (field >= 0) {
                        device(disks, s, DISK_FIELDS.size())[field] = s.value();
                    }
                }
            }
        });
        ProcText.Cpu cpu = null;
        if (!cpuModes.isEmpty()) {
            long total = 0;
            for (double v : cpuModes.values()) {
                total += ticks(v);
            }
            cpu = new ProcText.Cpu(ticks(mode(cpuModes, "user")) + ticks(mode(cpuModes, "nice")),
                    ticks(mode(cpuModes, "system")) + ticks(mode(cpuModes, "irq")) + ticks(mode(cpuModes, "softirq")),
                    ticks(mode(cpuModes, "iowait")), ticks(mode(cpuModes, "idle")), total, cores.size());
        }
        ProcText.Memory memory = mem[0] >= 0 && mem[1] >= 0
                ? new ProcText.Memory((long) (mem[0] - mem[1]), (long) mem[0]) : null;
        Map<String, ProcText.Disk> d = new LinkedHashMap<>();
        disks.forEach((name, f) -> d.put(name, new ProcText.Disk(count(f[0]), count(f[1]), count(f[2]), count(f[3]),
                f[4] < 0 || f[5] < 0 ? -1 : Math.round((f[4] + f[5]) * 1000), f[6] < 0 ? -1 : Math.round(f[6] * 1000))));
        Map<String, ProcText.Traffic> n = new LinkedHashMap<>();
        nets.forEach((name, f) -> n.put(name, new ProcText.Traffic((long) f[0], (long) f[1])));
        return new HostReading(nanos, cpu, memory, disks.isEmpty() ? null : new ProcText.Disks(d),
                nets.isEmpty() ? null : new ProcText.Network(n));
    }

    /** In {@link ProcText.Disk}'s order; the two times are added into its ioMillis. */
    private static final java.util.List<String> DISK_FIELDS = java.util.List.of("node_disk_reads_completed_total",
            "node_disk_writes_completed_total", "node_disk_read_bytes_total", "node_disk_written_bytes_total",
            "node_disk_read_time_seconds_total", "node_disk_write_time_seconds_total", "node_disk_io_time_seconds_total");

    private static boolean wanted(String name) {
        return name.equals(CPU) || name.equals(MEM_TOTAL) || name.equals(MEM_AVAILABLE)
                || name.equals("node_network_receive_bytes_total") || name.equals("node_network_transmit_bytes_total")
                || DISK_FIELDS.contains(name);
    }

    private static double[] device(Map<String, double[]> byDevice, PrometheusText.Sample s, int fields) {
        return byDevice.computeIfAbsent(s.labels().getOrDefault("device", ""), k -> {
            double[] f = new double[fields];
            java.util.Arrays.fill(f, -1); // a series the exporter did not give stays unknown
            return f;
        });
    }

    private static long count(double value) {
        return value < 0 ? -1 : (long) value;
    }

    private static double mode(Map<String, Double> modes, String mode) {
        return modes.getOrDefault(mode, 0.0);
    }

    private static long ticks(double seconds) {
        return Math.round(seconds * 100);
    }
}
