package io.dbharness.results;

import io.dbharness.core.api.TargetInfo;
import io.dbharness.core.api.Verification;
import io.dbharness.core.result.ErrorSummary;
import io.dbharness.core.result.GroupResult;
import io.dbharness.core.result.HostInfo;
import io.dbharness.core.result.HostSample;
import io.dbharness.core.result.IntervalSample;
import io.dbharness.core.result.OperationStats;
import io.dbharness.core.result.Pacing;
import io.dbharness.core.result.ResourceUsage;
import io.dbharness.core.result.RunResult;
import io.dbharness.core.result.Totals;

import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** Hand-built results with every field set, so a lost field shows up as a failed equality. */
final class Samples {

    private Samples() {
    }

    static final HostSample HOST = HostSample.builder()
            .cpuUserPercent(61.5)
            .cpuSystemPercent(20.25)
            .cpuIowaitPercent(3.5)
            .harnessCpuCores(0.95)
            .memoryUsedBytes(6_000_000_000L)
            .memoryTotalBytes(24_000_000_000L)
            .diskReadsPerSecond(120.5)
            .diskWritesPerSecond(850.0)
            .diskReadMegabytesPerSecond(1.5)
            .diskWriteMegabytesPerSecond(95.25)
            .diskAwaitMillis(0.75)
            .diskBusyPercent(42.5)
            .netReceiveMegabytesPerSecond(12.5)
            .netTransmitMegabytesPerSecond(0.5)
            .build();

    /** One interval of an ingest on PostgreSQL: mostly WAL syncs. */
    public static final io.dbharness.core.result.ServerSample SERVER_SAMPLE = new io.dbharness.core.result.ServerSample(50,
            Map.of("IO:WalSync", 58L, "CPU", 31L, "Lock:transactionid", 8L, "Client:ClientRead", 3L),
            Map.of("commits", 5000.0, "wal_bytes", 4.0e8, "wal_syncs", 4800.0, "checkpoints_requested", 1.0),
            Map.of("cache_bytes", 1.5e6));

    /** The server's account of the whole run, as the PostgreSQL family gives it without pg_stat_statements. */
    public static final io.dbharness.core.result.ServerUsage SERVER = new io.dbharness.core.result.ServerUsage(
            "PostgreSQL wait events of our backends", 50,
            Map.of("IO:WalSync", 58L, "CPU", 31L, "Lock:transactionid", 8L, "Client:ClientRead", 3L),
            Map.of("commits", 5000.0, "wal_bytes", 4.0e8, "wal_syncs", 4800.0, "checkpoints_requested", 1.0),
            Map.of("cache_bytes", 1.5e6), 8192, 375_008_192L, 62.5, 6.25, -1,
            List.of(new io.dbharness.core.api.TopStatement("-1254", "COPY \"telematics\" (ts, tag_id, c0) FROM STDIN (FORMAT binary)",
                    6000, 61_234.5, 6_000_000)),
            Map.of("counters_wal", "not in this server's version (130011); counters_wal needs versions: 140000-179999"),
            0.12, 0.34);

    static RunResult full() {
        Map<String, String> options = new LinkedHashMap<>();
        options.put("workers", "8");                 // deliberately unsorted: the file sorts them
        options.put("password", "*****");
        options.put("batch-size", "1000");
        Totals totals = new Totals(io.dbharness.core.api.Counts.builder().operations(6_000).rows(6_000_000)
                .skippedRows(12).points(60_000_000).bytes(1_234_567_890).errors(3).failedRows(1_000).unknownRows(500)
                .rolledBack(4).timeouts(1).retries(2).reconnects(1).build(), 12.345678901234, 486.0, 486_000.123,
                4_860_001.5, 100.0123);
        List<IntervalSample.TypeInterval> types = List.of(
                new IntervalSample.TypeInterval("insert", io.dbharness.core.api.Counts.builder().operations(5_000)
                        .errors(1).timeouts(0).build(), 1.1, 4.4, 9.1, "HISTFAAAABx4nJNpmSzMwMDAwwABTFCaEUoDAA"));
        return RunResult.builder()
                .runId("20261130-130001-iot-insert-postgres-1a2b")
                .harnessVersion("0.1.0-SNAPSHOT")
                .gitCommit("abc1234")
                .seed(42L)
                .target("postgres")
                .workload("iot-insert")
                .start(Instant.parse("2026-11-30T13:00:01.123456789Z"))
                .end(Instant.parse("2026-11-30T13:00:13.469135790Z"))
                .options(options)
                .targetInfo(new TargetInfo("PostgreSQL", "16.2", "embedded", Map.of("shared_buffers", "128MB", "fsync", "on")))
                .workloadFacts(new io.dbharness.core.api.WorkloadFacts(null, Map.of(), Map.of("table", "metrics", "ddl", "CREATE TABLE metrics (ts timestamptz, \"device\" int)\n")))
                .host(new HostInfo("box", "Linux 6.1", "amd64", 2, 8_000_000_000L, "OpenJDK 17", 2_000_000_000L))
                .loadModel("open 500000 rows/s, 8 workers")
                .workers(8)
                .totals(totals)
                .groups(List.of(new GroupResult("insert", "open 500000 rows/s", 8, totals,
                        new Pacing(500_000, "rows/s", false, 12.3, 15.25))))
                .operations(List.of(OperationStats.builder().counts(io.dbharness.core.api.Counts.builder()
                .operations(6_000 + 3).rows(6_000_000).errors(3).failedRows(1_000).unknownRows(500).timeouts(1)
                .retries(2).reconnects(1).build()).group("insert").type("insert").meanMillis(1.5).p50Millis(1.2)
                .p90Millis(2.5).p95Millis(3.4).p99Millis(5.6).p999Millis(8.8).maxMillis(9.1)
                .histogram("HISTFAAAABx4nJNpmSzMwMDAwwABTFCaEUoDAA").build(),
                        OperationStats.builder().counts(io.dbharness.core.api.Counts.builder().operations(10).build())
                                .group("insert").type("query").returnedRows(40).meanMillis(0.25).p50Millis(0.2)
                                .p90Millis(0.25).p95Millis(0.3).p99Millis(0.4).p999Millis(0.5).maxMillis(0.512)
                                .build()))
                .intervals(List.of(new IntervalSample(10.0, 10.0, List.of(new IntervalSample.GroupInterval("insert",
                new io.dbharness.core.result.Totals(io.dbharness.core.api.Counts.builder().operations(5_000)
                .rows(5_000_000).points(50_000_000).bytes(1_000_000_000).errors(1).build(), 0, 500, 500_000,
                5_000_000, 100.0), 1.1, 4.4, 9.1, types)), HOST, SERVER_SAMPLE),
                        new IntervalSample(12.345, 2.345, List.of(new IntervalSample.GroupInterval("insert",
                                new io.dbharness.core.result.Totals(io.dbharness.core.api.Counts.builder()
                                .operations(1_000).rows(1_000_000).points(10_000_000).bytes(234_567_890).errors(2)
                                .unknownRows(500).timeouts(1).build(), 0, 426.4, 426_439.2, 4_264_392, 100.03), 1.0,
                                Double.NaN, Double.POSITIVE_INFINITY, java.util.List.of())), null)))
                .errors(List.of(new ErrorSummary("insert", "insert", "RETRYABLE", "40001", 2,
                        "could not serialize access\ndue to concurrent update"),
                        new ErrorSummary("insert", "insert", "FATAL", null, 1, "connection reset")))
                .verification(Verification.failed(6_000_000, 5_999_000, "5,999,000 rows in table, expected 6,000,000"))
                .storedBytes(java.util.OptionalLong.of(375_000_000L))
                .answers(List.of(new io.dbharness.core.api.AnswerDigest("stats", 3, "metric=c1", 1,
                        "9f86d081884c7d659a2feaa0c55ad015a3bf4f1b2b0b822cd15d6c15b0f00a08", List.of(List.of("10", "1.5")))))
                .plans(Map.of("stats", "Seq Scan on metrics"))
                .warmup(new Totals(io.dbharness.core.api.Counts.builder().operations(100).errors(1).rolledBack(2)
                .retries(3).build(), 5.0, 20.0, 0, 0, 0))
                .figures(Map.of("tpmC", 1234.5))
                .harnessCpuSeconds(java.util.OptionalDouble.of(3.25))
                .label("tuned")
                .resources(new ResourceUsage("client host, with the target's server on it (embedded)", true, HOST, HOST,
                        // the figures the engine derives from the CPU time and the totals: the summary prints them
                        io.dbharness.core.measure.HostUsage.perMillionRows(3.25, totals.counts().rows()),
                        io.dbharness.core.measure.HostUsage.perThousandOperations(3.25, totals.counts().operations()), SERVER))
                .stopReason(io.dbharness.core.result.StopReason.ABORTED)
                .failure("connection reset")
                .exitCode(1)
                .shard(null)
                .build();
    }

    /** A plain closed-model success: no pacing, no failure, nothing stored-size known. */
    static RunResult clean() {
        RunResult f = full();
        Totals t = new Totals(io.dbharness.core.api.Counts.builder().operations(6_000).rows(6_000_000)
                .points(60_000_000).bytes(1_234_567_890).build(), 12.3, 487.8, 487_804.9, 4_878_048.8, 100.4);
        return f.toBuilder()
                .loadModel("closed, 8 workers")
                .workers(8)
                .totals(t)
                .groups(List.of(new GroupResult("insert", "closed", 8, t, null)))
                .operations(f.operations().subList(0, 1))
                .errors(List.of())
                .verification(Verification.passed(6_000_000, 6_000_000, "6,000,000 rows in table"))
                .storedBytes(java.util.OptionalLong.empty())
                .answers(List.of())
                .plans(Map.of())
                .warmup(null)
                .figures(Map.of())
                .harnessCpuSeconds(java.util.OptionalDouble.empty())
                .label(null)
                .resources(null)
                .stopReason(io.dbharness.core.result.StopReason.COMPLETED)
                .failure(null)
                .exitCode(0)
                .shard(null)
                .build();
    }
}
