package io.dbharness.core.measure;

import io.dbharness.core.result.HostSample;
import io.dbharness.core.result.IntervalSample;
import io.dbharness.core.result.ResourceUsage;
import org.junit.jupiter.api.Test;

import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

class HostUsageTest {

    @Test
    void meansAreWeightedBySecondsAwaitByRequestsAndPeaksLeaveAShortTailOut() {
        HostSample a = HostSample.builder()
                .cpuUserPercent(60)
                .cpuSystemPercent(20)
                .cpuIowaitPercent(2)
                .harnessCpuCores(1.0)
                .memoryUsedBytes(4_000)
                .memoryTotalBytes(10_000)
                .diskReadsPerSecond(100)
                .diskWritesPerSecond(300)
                .diskReadMegabytesPerSecond(1)
                .diskWriteMegabytesPerSecond(3)
                .diskAwaitMillis(2.0)
                .netReceiveMegabytesPerSecond(5)
                .netTransmitMegabytesPerSecond(1)
                .build();
        HostSample b = HostSample.builder()
                .cpuUserPercent(30)
                .cpuSystemPercent(10)
                .cpuIowaitPercent(-1)
                .harnessCpuCores(0.5)
                .memoryUsedBytes(6_000)
                .memoryTotalBytes(10_000)
                .netReceiveMegabytesPerSecond(1)
                .netTransmitMegabytesPerSecond(1)
                .build();
        HostSample tail = HostSample.builder()
                .cpuUserPercent(100)
                .harnessCpuCores(2.0)
                .memoryUsedBytes(8_000)
                .memoryTotalBytes(10_000)
                .diskReadsPerSecond(9_000)
                .diskAwaitMillis(9.0)
                .build();
        ResourceUsage u = HostUsage.over(List.of(interval(5, 1, a), interval(10, 2, b), interval(10.1, 0.1, tail),
                interval(0, 0, null)), "embedded", 4.0, 2_000_000, 8_000);
        HostSample m = u.mean();
        assertEquals((60 * 1 + 30 * 2 + 100 * 0.1) / 3.1, m.cpuUserPercent(), 1e-9);
        assertEquals((2 * 1 + 0 * 0.1) / 1.1, m.cpuIowaitPercent(), 1e-9, "-1 is unknown, not a value");
        assertEquals(Math.round((4_000 * 1 + 6_000 * 2 + 8_000 * 0.1) / 3.1), m.memoryUsedBytes());
        // 400 requests at 2 ms, none, then 900 at 9 ms: per request, not per second
        assertEquals((400 * 2.0 + 900 * 9.0) / 1300, m.diskAwaitMillis(), 1e-9);
        HostSample p = u.peak();
        assertEquals(60, p.cpuUserPercent(), "the 0.1 s tail is no peak");
        assertEquals(6_000, p.memoryUsedBytes());
        assertEquals(2.0, p.diskAwaitMillis());
        assertEquals(2.0, u.harnessCpuSecondsPerMillionRows().getAsDouble(), 1e-9);
        assertEquals(0.5, u.harnessCpuSecondsPerThousandOperations().getAsDouble(), 1e-9);
        assertEquals(80, HostUsage.peakCpuBusyPercent(List.of(interval(5, 1, a), interval(10, 2, b),
                interval(10.1, 0.1, tail))), 1e-9, "user and system of one interval, the tail left out");
        assertTrue(u.targetOnHost());
        assertEquals("client host, with the target's server on it (embedded)", u.scope());
    }

    @Test
    void noHostSamplesNoUsageAndNoRowsNoPerRowFigure() {
        assertNull(HostUsage.over(List.of(interval(1, 1, null)), "embedded", 1, 1, 1));
        HostSample h = HostSample.builder()
                .cpuUserPercent(1)
                .cpuSystemPercent(1)
                .cpuIowaitPercent(1)
                .harnessCpuCores(1)
                .memoryUsedBytes(1)
                .memoryTotalBytes(1)
                .diskReadsPerSecond(1)
                .diskWritesPerSecond(1)
                .diskReadMegabytesPerSecond(1)
                .diskWriteMegabytesPerSecond(1)
                .diskAwaitMillis(1)
                .netReceiveMegabytesPerSecond(1)
                .netTransmitMegabytesPerSecond(1)
                .build();
        ResourceUsage u = HostUsage.over(List.of(interval(1, 1, h)), "db1.example.com:5432/bench", 3.0, 0, 3_000);
        assertTrue(u.harnessCpuSecondsPerMillionRows().isEmpty(), "unknown: " + u.harnessCpuSecondsPerMillionRows());
        assertEquals(1.0, u.harnessCpuSecondsPerThousandOperations().getAsDouble(), 1e-9);
        assertTrue(HostUsage.over(List.of(interval(1, 1, h)), "x", -1, 5, 5).harnessCpuSecondsPerThousandOperations().isEmpty());
        assertFalse(u.targetOnHost());
        assertEquals("client host only; the target (db1.example.com:5432/bench) is not on localhost", u.scope());
    }

    @Test
    void theTargetIsOnThisHostWhenItsEndpointIsEmbeddedOrLoopback() {
        for (String e : List.of("embedded", "localhost:5432/postgres", "LOCALHOST:5432", "127.0.0.1:8812",
                "http://localhost:8086", "http://127.0.0.1:9000", "[::1]:5432/db", "::1:5432/postgres", "::1",
                "https://[::1]:8086", "db.localhost:5432/x", "in-process: discard", "in-process: /tmp/out.lp")) {
            assertTrue(HostUsage.targetOnHost(e), e);
        }
        for (String e : List.of("db1:5432/bench", "http://influx.example.com:8086", "10.0.0.7:5433/yugabyte",
                "::10:5432/x", "[fe80::1]:5432/x", "localhostess:5432", "discard", "stdout", "/tmp/out.lp", "")) {
            assertFalse(HostUsage.targetOnHost(e), e);
        }
    }

    private static IntervalSample interval(double end, double seconds, HostSample host) {
        return new IntervalSample(end, seconds, List.of(), host);
    }

    @Test
    void severalHostsAddUpCpuByCoresAwaitByRequestsAndTheBusiestDisk() {
        HostSample small = HostSample.builder().cpuUserPercent(90).cpuSystemPercent(10).cpuIowaitPercent(0)
                .harnessCpuCores(-1).memoryUsedBytes(1_000).memoryTotalBytes(4_000).diskReadsPerSecond(10)
                .diskWritesPerSecond(90).diskReadMegabytesPerSecond(1).diskWriteMegabytesPerSecond(9)
                .diskAwaitMillis(10).diskBusyPercent(95).netReceiveMegabytesPerSecond(2).netTransmitMegabytesPerSecond(3)
                .build();
        HostSample big = small.toBuilder().cpuUserPercent(30).cpuSystemPercent(10).diskReadsPerSecond(0)
                .diskWritesPerSecond(300).diskAwaitMillis(2).diskBusyPercent(40).build();
        HostSample t = HostUsage.across(List.of(small, big), List.of(2, 6));
        assertEquals((90 * 2 + 30 * 6) / 8.0, t.cpuUserPercent(), 1e-9, "a core is a core on either host");
        assertEquals(10, t.cpuSystemPercent(), 1e-9);
        assertEquals(2_000, t.memoryUsedBytes());
        assertEquals(8_000, t.memoryTotalBytes());
        assertEquals(90 + 300, t.diskWritesPerSecond(), 1e-9);
        assertEquals((10 * 100 + 2 * 300) / 400.0, t.diskAwaitMillis(), 1e-9);
        assertEquals(95, t.diskBusyPercent(), 1e-9);
        assertEquals(4, t.netReceiveMegabytesPerSecond(), 1e-9);
        assertEquals(-1, t.harnessCpuCores());
        assertEquals(60, HostUsage.across(List.of(small, big), List.of(0, 6)).cpuUserPercent(), 1e-9,
                "cores unknown: hosts weigh alike");
        assertEquals(-1, HostUsage.across(List.of(small, big.toBuilder().diskWritesPerSecond(-1).build()),
                List.of(2, 6)).diskWritesPerSecond(), "a host that does not know makes the sum unknown");
    }
}
