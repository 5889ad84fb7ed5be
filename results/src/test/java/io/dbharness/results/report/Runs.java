package io.dbharness.results.report;

import io.dbharness.core.api.TargetInfo;
import io.dbharness.core.api.Verification;
import io.dbharness.core.result.GroupResult;
import io.dbharness.core.result.HostInfo;
import io.dbharness.core.result.HostSample;
import io.dbharness.core.result.IntervalSample;
import io.dbharness.core.result.OperationStats;
import io.dbharness.core.result.ResourceUsage;
import io.dbharness.core.result.RunResult;
import io.dbharness.core.result.Totals;
import org.HdrHistogram.Histogram;

import java.nio.ByteBuffer;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Base64;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Results built for report tests, with real encoded HdrHistograms: latencies are given per operation type in
 * microseconds and every figure (percentiles, counts, rates) is computed from them as the engine would.
 */
final class Runs {

    private Runs() {
    }

    static final HostSample HOST = HostSample.builder()
            .cpuUserPercent(40)
            .cpuSystemPercent(10)
            .cpuIowaitPercent(2)
            .harnessCpuCores(0.5)
            .memoryUsedBytes(4_000_000_000L)
            .memoryTotalBytes(8_000_000_000L)
            .diskReadsPerSecond(10)
            .diskWritesPerSecond(200)
            .diskReadMegabytesPerSecond(0.5)
            .diskWriteMegabytesPerSecond(20)
            .diskAwaitMillis(1.5)
            .netReceiveMegabytesPerSecond(3)
            .netTransmitMegabytesPerSecond(1)
            .build();

    /** A database machine's interval as node_exporter gives it (no harness there: its cores -1). */
    static final HostSample SERVER_HOST = HOST.toBuilder().harnessCpuCores(-1).cpuUserPercent(70).diskBusyPercent(60)
            .diskAwaitMillis(2.5).build();

    /** A builder; defaults make a 10-second iot-insert of 100,000 rows on noop. */
    static Builder run(String runId) {
        return new Builder(runId);
    }

    static final class Builder {
        private final String runId;
        private String target = "noop";
        private String workload = "iot-insert";
        private String label;
        private final Map<String, String> options = new LinkedHashMap<>(Map.of("workers", "2", "seed", "42"));
        private final Map<String, long[]> latencies = new LinkedHashMap<>();
        private long rows = 100_000;
        private long skipped;
        private Long points;
        private double seconds = 10;
        private Double tpmC;
        private boolean host;
        private boolean server;
        private boolean serverHosts;
        private boolean sizeMeasured = true;
        private String ddl = "CREATE TABLE telematics (ts timestamptz, tag_id int)";
        private Verification verification = Verification.passed(100_000, 100_000, "100,000 rows in table telematics as reported");

        Builder(String runId) {
            this.runId = runId;
            latencies.put("insert", micros(1_000, 2_000, 3_000, 4_000, 10_000));
        }

        Builder target(String t) { target = t; return this; }
        Builder workload(String w) { workload = w; return this; }
        Builder label(String l) { label = l; return this; }
        Builder option(String k, String v) { options.put(k, v); return this; }
        Builder rows(long r) { rows = r; return this; }
        /** Rows the target skipped (line protocol's empty ones), beside those it stored. */
        Builder skipped(long s) { skipped = s; return this; }
        /** Points written; 10 per row unless given. */
        Builder points(long p) { points = p; return this; }
        Builder seconds(double s) { seconds = s; return this; }
        Builder tpmC(double v) { tpmC = v; return this; }
        Builder host() { host = true; return this; }
        /** With the server's account, as a PostgreSQL-family run records it: lock waits growing in the second interval. */
        Builder server() { server = true; return this; }
        /** With two database machines ({@code --server-hosts}): db1 busy, db2 its disks slower; db2 silent in the second interval. */
        Builder serverHosts() { serverHosts = true; return this; }
        /** With the server's account, but its stored size not measured (as for a remote QuestDB). */
        Builder serverSizeNotMeasured() { server = true; sizeMeasured = false; return this; }
        Builder ddl(String d) { ddl = d; return this; }
        Builder verification(Verification v) { verification = v; return this; }

        /** Replaces the operation types: name, latencies in microseconds, name, latencies... */
        Builder types(Object... typeThenMicros) {
            latencies.clear();
            for (int i = 0; i < typeThenMicros.length; i += 2) {
                latencies.put((String) typeThenMicros[i], (long[]) typeThenMicros[i + 1]);
            }
            return this;
        }

        RunResult build() {
            List<OperationStats> ops = new ArrayList<>();
            List<IntervalSample.TypeInterval> types = new ArrayList<>();
            long operations = 0;
            for (Map.Entry<String, long[]> e : latencies.entrySet()) {
                Histogram h = new Histogram(3);
                Arrays.stream(e.getValue()).forEach(h::recordValue);
                long n = h.getTotalCount();
                operations += n;
                ops.add(OperationStats.builder().counts(io.dbharness.core.api.Counts.builder().operations(n)
                        .rows(rows / latencies.size()).build()).group("main").type(e.getKey())
                        .meanMillis(h.getMean() / 1000).p50Millis(ms(h, 50)).p90Millis(ms(h, 90)).p95Millis(ms(h, 95))
                        .p99Millis(ms(h, 99)).p999Millis(ms(h, 99.9)).maxMillis(h.getMaxValue() / 1000.0)
                        .histogram(encode(h)).build());
                types.add(new IntervalSample.TypeInterval(e.getKey(), io.dbharness.core.api.Counts.builder()
                        .operations(n / 2).errors(0).timeouts(0).build(), ms(h, 50), ms(h, 99),
                        h.getMaxValue() / 1000.0, encode(h)));
            }
            Totals totals = new Totals(io.dbharness.core.api.Counts.builder().operations(operations).rows(rows)
                    .skippedRows(skipped).points(points == null ? rows * 10 : points).bytes(rows * 100).build(),
                    seconds, operations / seconds, rows / seconds, (points == null ? rows * 10 : points) / seconds,
                    rows * 100 / seconds / 1e6);
            List<IntervalSample> intervals = new ArrayList<>();
            for (int i = 1; i <= 2; i++) {
                double rate = rows / seconds * (i == 1 ? 0.9 : 1.1);
                intervals.add(new IntervalSample(seconds / 2 * i, seconds / 2,
                        List.of(new IntervalSample.GroupInterval("main",
                        new io.dbharness.core.result.Totals(io.dbharness.core.api.Counts.builder()
                        .operations(operations / 2).rows(rows / 2).points(rows * 5).bytes(rows * 50).build(), 0,
                        operations / seconds, rate, rate * 10, rate * 100 / 1e6), 2, 9, 10, types)),
                        host ? HOST : null, server ? serverSample(i) : null));
                if (serverHosts) {
                    Map<String, HostSample> by = new LinkedHashMap<>();
                    by.put("db1:9100", SERVER_HOST);
                    if (i == 1) {
                        by.put("db2:9100", SERVER_HOST.toBuilder().diskAwaitMillis(9).cpuUserPercent(20).build());
                    }
                    intervals.set(i - 1, intervals.get(i - 1).withServerHosts(by));
                }
            }
            Instant start = Instant.parse("2026-12-01T10:00:00Z");
            return RunResult.builder()
                    .runId(runId)
                    .harnessVersion("0.1.0-SNAPSHOT")
                    .gitCommit("abc1234")
                    .seed(Long.parseLong(options.get("seed")))
                    .target(target)
                    .workload(workload)
                    .start(start)
                    .end(start.plusMillis((long) (seconds * 1000)))
                    .options(options)
                    .targetInfo(new TargetInfo(target.equals("postgres") ? "PostgreSQL" : target, "17.2", "embedded", Map.of("fsync", "on")))
                    .workloadFacts(new io.dbharness.core.api.WorkloadFacts(null, Map.of(), Map.of("ddl", ddl)))
                    .host(new HostInfo("box", "Linux 6.1", "amd64", 2, 8_000_000_000L, "OpenJDK 17.0.2", 2_000_000_000L))
                    .loadModel("closed, 2 workers")
                    .workers(2)
                    .totals(totals)
                    .groups(List.of(new GroupResult("main", "closed", 2, totals, null)))
                    .operations(ops)
                    .intervals(intervals)
                    .errors(List.of())
                    .verification(verification)
                    .storedBytes(java.util.OptionalLong.empty())
                    .answers(List.of())
                    .plans(Map.of())
                    .warmup(null)
                    .figures(tpmC == null ? Map.of() : Map.of("tpmC", tpmC))
                    .harnessCpuSeconds(java.util.OptionalDouble.of(1.5))
                    .label(label)
                    .resources(host || server || serverHosts ? new ResourceUsage("client host, with the target's server on it (embedded)", true,
                            host ? HOST : null, host ? HOST : null, java.util.OptionalDouble.of(0.5), java.util.OptionalDouble.of(0.5),
                            server ? serverUsage(intervals, sizeMeasured) : null, serverHosts ? List.of(
                                    new io.dbharness.core.result.ServerHostUsage("db1:9100", "node_exporter", java.util.OptionalInt.of(8),
                                            java.util.OptionalLong.of(32_000_000_000L), SERVER_HOST, SERVER_HOST, List.of("sda"),
                                            List.of("eth0"), java.util.OptionalDouble.empty(), null),
                                    new io.dbharness.core.result.ServerHostUsage("db2:9100", "node_exporter", java.util.OptionalInt.of(8),
                                            java.util.OptionalLong.of(32_000_000_000L), SERVER_HOST.toBuilder().diskAwaitMillis(9)
                                            .cpuUserPercent(20).build(), SERVER_HOST, List.of("sda"), List.of("eth0"),
                                            java.util.OptionalDouble.of(seconds / 2), "Connection refused")) : null) : null)
                    .stopReason(io.dbharness.core.result.StopReason.COMPLETED)
                    .failure(null)
                    .exitCode(0)
                    .shard(null)
                    .build();
        }
    }

    static io.dbharness.core.result.ServerSample serverSample(int interval) {
        return new io.dbharness.core.result.ServerSample(25, Map.of("CPU", 20L, "Lock:transactionid", 10L * interval,
                "IO:WalSync", 8L, "Client:ClientRead", 5L),
                Map.of("commits", 5_000.0 * interval, "wal_bytes", 2.0e7 * interval, "wal_syncs", 4_000.0), Map.of());
    }

    static io.dbharness.core.result.ServerUsage serverUsage(List<IntervalSample> intervals, boolean sizeMeasured) {
        Map<String, Long> waits = new java.util.TreeMap<>();
        Map<String, Double> counters = new java.util.TreeMap<>();
        int looks = 0;
        for (IntervalSample i : intervals) {
            looks += i.server().waitSamples();
            i.server().waits().forEach((k, v) -> waits.merge(k, v, Long::sum));
            i.server().counters().forEach((k, v) -> counters.merge(k, v, Double::sum));
        }
        return new io.dbharness.core.result.ServerUsage("PostgreSQL wait events of our backends", looks, waits, counters,
                Map.of(), sizeMeasured ? 1_000_000 : -1, sizeMeasured ? 16_000_000 : -1, sizeMeasured ? 150 : -1,
                sizeMeasured ? 15 : -1, -1,
                List.of(new io.dbharness.core.api.TopStatement("1", "UPDATE district SET d_next_o_id = d_next_o_id + 1 WHERE d_w_id = $1",
                        4_000, 9_000.5, 4_000)), sizeMeasured ? Map.of() : Map.of("stored_bytes", "not measured: test"), 0.05, 0.1);
    }

    static long[] micros(long... values) {
        return values;
    }

    /** 1, 2, ... n microseconds times {@code scale}: a known uniform distribution. */
    static long[] uniform(int n, long scale) {
        long[] v = new long[n];
        for (int i = 0; i < n; i++) {
            v[i] = (i + 1) * scale;
        }
        return v;
    }

    private static double ms(Histogram h, double p) {
        return h.getValueAtPercentile(p) / 1000.0;
    }

    static String encode(Histogram h) {
        ByteBuffer buf = ByteBuffer.allocate(h.getNeededByteBufferCapacity());
        int len = h.encodeIntoCompressedByteBuffer(buf);
        return Base64.getEncoder().encodeToString(Arrays.copyOf(buf.array(), len));
    }
}
