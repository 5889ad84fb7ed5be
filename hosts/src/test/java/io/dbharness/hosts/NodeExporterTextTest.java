package io.dbharness.hosts;

import io.dbharness.core.measure.HostReading;
import io.dbharness.core.measure.ProcText;
import io.dbharness.core.result.HostSample;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * node_exporter's text as a host's counters. {@code node-exporter-1.5.txt} is Debian's node_exporter 1.5.0 on a
 * 2-core VM (its CPU, memory, disk, network and load lines, as served).
 */
@Timeout(30)
class NodeExporterTextTest {

    static String fixture() throws IOException {
        try (InputStream in = NodeExporterTextTest.class.getResourceAsStream("/node-exporter-1.5.txt")) {
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        }
    }

    @Test
    void cpuModesAreSummedOverCoresMemoryDisksAndInterfacesAsProcWouldGiveThem() throws IOException {
        HostReading r = NodeExporterText.reading(fixture(), 0);
        ProcText.Cpu cpu = r.cpu();
        assertEquals(2, cpu.cores());
        assertEquals(Math.round(14956.09 * 100) + Math.round(725.07 * 100) + Math.round(15064.78 * 100)
                + Math.round(695.26 * 100), cpu.userTicks(), "user takes nice, as /proc/stat's reader does");
        assertEquals(Math.round(48.3 * 100) + Math.round(105.41 * 100), cpu.iowaitTicks());
        assertEquals(Math.round(4714.28 * 100) + Math.round(4249.91 * 100), cpu.idleTicks());
        assertEquals(25_276_182_528L, r.memory().totalBytes());
        assertEquals(25_276_182_528L - 20_357_120_000L, r.memory().usedBytes());
        ProcText.Disk vda = r.disks().devices().get("vda");
        assertEquals(new ProcText.Disk(375_800, 6_868_851, 4_387_746_816L, 381_816_033_280L,
                Math.round((180.005 + 3069.577) * 1000), 833_136), vda);
        assertEquals(new ProcText.Traffic(344_632_022, 1_471_728), r.network().interfaces().get("eth0"));
    }

    @Test
    void twoTextsGiveTheClientHostsFiguresThroughTheSameCode() throws IOException {
        String before = fixture();
        String after = before.replace("node_cpu_seconds_total{cpu=\"0\",mode=\"user\"} 14956.09",
                        "node_cpu_seconds_total{cpu=\"0\",mode=\"user\"} 14957.09")
                .replace("node_cpu_seconds_total{cpu=\"1\",mode=\"idle\"} 4249.91",
                        "node_cpu_seconds_total{cpu=\"1\",mode=\"idle\"} 4250.91")
                .replace("node_disk_writes_completed_total{device=\"vda\"} 6.868851e+06",
                        "node_disk_writes_completed_total{device=\"vda\"} 6.869851e+06")
                .replace("node_disk_io_time_seconds_total{device=\"vda\"} 833.136",
                        "node_disk_io_time_seconds_total{device=\"vda\"} 833.636");
        HostSample s = NodeExporterText.reading(after, 1_000_000_000L).since(NodeExporterText.reading(before, 0));
        assertEquals(50, s.cpuUserPercent(), 1e-9, "one core busy of two for a second");
        assertEquals(1000, s.diskWritesPerSecond(), 1e-9);
        assertEquals(50, s.diskBusyPercent(), 1e-9);
        assertEquals(0, s.netReceiveMegabytesPerSecond(), 1e-9);
        assertEquals(-1, s.harnessCpuCores());
    }

    @Test
    void aDiskSeriesTheExporterDoesNotGiveIsUnknownNotZero() throws IOException {
        // an exporter without io_time (a collector variant, a filtered scrape): busy unknown, the rest still measured
        String before = fixture().replaceAll("(?m)^node_disk_io_time_seconds_total.*\n", "");
        String after = before.replace("node_disk_writes_completed_total{device=\"vda\"} 6.868851e+06",
                "node_disk_writes_completed_total{device=\"vda\"} 6.869851e+06");
        assertEquals(-1, NodeExporterText.reading(before, 0).disks().devices().get("vda").busyMillis());
        HostSample s = NodeExporterText.reading(after, 1_000_000_000L).since(NodeExporterText.reading(before, 0));
        assertEquals(-1, s.diskBusyPercent(), "not measured: left out, never shown as idle");
        assertEquals(1000, s.diskWritesPerSecond(), 1e-9);
        String noWriteTime = fixture().replaceAll("(?m)^node_disk_write_time_seconds_total.*\n", "");
        HostSample w = NodeExporterText.reading(noWriteTime, 1_000_000_000L).since(NodeExporterText.reading(noWriteTime, 0));
        assertEquals(-1, w.diskAwaitMillis());
        assertEquals(0, w.diskReadsPerSecond(), 1e-9);
    }

    @Test
    void labelsAreUnescapedValuesMayBeSpecialAndATimestampMayFollow() {
        List<PrometheusText.Sample> got = new ArrayList<>();
        PrometheusText.samples("# HELP x a help\n# TYPE x gauge\nx{path=\"C:\\\\DIR\\\\F\",msg=\"say \\\"hi\\\"\\n\",} 1.5e3 1395066363000\n"
                + "x NaN\nx{} +Inf\nother_metric{a=\"b\"} 7\n", n -> n.equals("x"), got::add);
        assertEquals(3, got.size());
        assertEquals(Map.of("path", "C:\\DIR\\F", "msg", "say \"hi\"\n"), got.get(0).labels());
        assertEquals(1500, got.get(0).value());
        assertTrue(Double.isNaN(got.get(1).value()));
        assertEquals(Double.POSITIVE_INFINITY, got.get(2).value());
    }

    @Test
    void aTextThatIsNotTheFormatIsRefusedAndOneWithoutTheHostsMetricsGivesNulls() {
        assertThrows(PrometheusText.FormatException.class,
                () -> NodeExporterText.reading("<html><body>Node Exporter</body></html>\n", 0));
        assertThrows(PrometheusText.FormatException.class,
                () -> NodeExporterText.reading("node_disk_reads_completed_total{device=\"sda\"} many\n", 0));
        HostReading other = NodeExporterText.reading("# TYPE http_requests_total counter\nhttp_requests_total 3\n", 0);
        assertNull(other.cpu());
        assertNull(other.memory());
        assertNull(other.disks());
    }
}
