package io.dbharness.results.assertions;

import io.dbharness.core.result.OperationStats;
import io.dbharness.core.result.RunResult;
import io.dbharness.results.SamplesAccess;
import org.junit.jupiter.api.Test;

import java.time.Duration;

import static io.dbharness.results.assertions.ResultAssert.assertThat;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

/** The failure messages say which figure, its value and the limit. */
class ResultAssertTest {

    private static String failure(Runnable assertion) {
        return assertThrows(AssertionError.class, assertion::run).getMessage();
    }

    @Test
    void latencyWithinTheLimitPassesAndBeyondItNamesFigureValueAndLimit() {
        RunResult full = SamplesAccess.full(); // insert: p50 1.2, p99 5.6, p99.9 8.8, max 9.1 ms, mean 1.5
        assertThat(full).operation("insert").p99().isBelow(Duration.ofMillis(6)).p50().isBelow(Duration.ofMillis(2));

        assertEquals("p99 of insert is 5.6 ms, expected below 5 ms",
                failure(() -> assertThat(full).operation("insert").p99().isBelow(Duration.ofMillis(5))));
        assertEquals("p99.9 of insert is 8.8 ms, expected below 0.5 ms",
                failure(() -> assertThat(full).operation("insert").p999().isBelow(Duration.ofMillis(1).dividedBy(2))));
        assertEquals("max latency of insert is 9.1 ms, expected below 9 ms",
                failure(() -> assertThat(full).operation("insert").max().isBelow(Duration.ofMillis(9))));
        assertEquals("p50 of insert is 1.2 ms, expected below 1.2 ms",
                failure(() -> assertThat(full).operation("insert").p50().isBelow(Duration.ofMillis(1).plusMillis(0).plusNanos(200_000))));
    }

    @Test
    void anUnknownOperationTypeNamesTheOnesPresent() {
        assertEquals("no operation type \"update\" in run 20261130-130001-iot-insert-postgres-1a2b; it has: insert, query",
                failure(() -> assertThat(SamplesAccess.full()).operation("update")));
    }

    @Test
    void errorsVerificationThroughputAndFigures() {
        RunResult full = SamplesAccess.full();
        assertEquals("3 operations failed, expected none; the most frequent: 2 x insert RETRYABLE 40001: could not "
                + "serialize access due to concurrent update", failure(() -> assertThat(full).hasNoErrors()));
        assertEquals("3 insert operations failed, expected none",
                failure(() -> assertThat(full).operation("insert").hasNoErrors()));
        assertEquals("verification is FAILED (5,999,000 rows in table, expected 6,000,000), expected PASSED",
                failure(() -> assertThat(full).verificationPassed()));
        assertEquals("throughput (tpmC) is 1,234.5, expected at least 2,000",
                failure(() -> assertThat(full).throughput().isAtLeast(2_000)));
        assertEquals("tpmC is 1,234.5, expected at least 1,300", failure(() -> assertThat(full).figure("tpmC").isAtLeast(1_300)));
        assertEquals("no figure \"tpmTotal\" in run 20261130-130001-iot-insert-postgres-1a2b; it has: tpmC",
                failure(() -> assertThat(full).figure("tpmTotal")));

        RunResult clean = SamplesAccess.clean();
        assertThat(clean).hasNoErrors().verificationPassed().throughput().isAtLeast(487_000).operation("insert")
                .p99().isBelow(Duration.ofMillis(6));
        assertEquals("throughput (rows/s) is 487,804.9, expected at least 500,000",
                failure(() -> assertThat(clean).throughput().isAtLeast(500_000)));
    }

    @Test
    void aTypeInSeveralGroupsIsJudgedOnTheirHistogramsAdded() {
        // group a: 90 fast inserts and 10 of 80 ms; group b: 100 fast ones. Alone, a's p95 is 80 ms; together 1 ms.
        org.HdrHistogram.Histogram a = new org.HdrHistogram.Histogram(3);
        a.recordValueWithCount(1_000, 90);
        a.recordValueWithCount(80_000, 10);
        org.HdrHistogram.Histogram b = new org.HdrHistogram.Histogram(3);
        b.recordValueWithCount(1_000, 100);
        RunResult full = SamplesAccess.full();
        RunResult twoGroups = full.toBuilder()
                .operations(java.util.List.of(stats("a", a), stats("b", b)))
                .shard(null)
                .build();
        assertThat(twoGroups).operation("insert").p95().isBelow(Duration.ofMillis(2));
        // 80.1: HdrHistogram reports the top of the 3-digit bucket 80 ms fell in
        assertEquals("p99 of insert is 80.1 ms, expected below 50 ms",
                failure(() -> assertThat(twoGroups).operation("insert").p99().isBelow(Duration.ofMillis(50))));
    }

    private static OperationStats stats(String group, org.HdrHistogram.Histogram h) {
        double p95 = h.getValueAtPercentile(95) / 1000.0;
        return OperationStats.builder().counts(io.dbharness.core.api.Counts.builder().operations(h.getTotalCount())
                .rows(h.getTotalCount()).build()).group(group).type("insert").meanMillis(h.getMean() / 1000)
                .p50Millis(p95).p90Millis(p95).p95Millis(p95).p99Millis(h.getValueAtPercentile(99) / 1000.0)
                .p999Millis(p95).maxMillis(h.getMaxValue() / 1000.0)
                .histogram(io.dbharness.core.measure.HistogramCodec.encode(h)).build();
    }
}
