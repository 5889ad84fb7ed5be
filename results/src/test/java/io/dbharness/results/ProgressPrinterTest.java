package io.dbharness.results;

import io.dbharness.core.result.IntervalSample;
import io.dbharness.core.result.IntervalSample.GroupInterval;
import io.dbharness.core.result.ProgressListener.GroupProgress;
import io.dbharness.core.result.ProgressListener.Progress;
import io.dbharness.core.result.ProgressListener.State;
import org.junit.jupiter.api.Test;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

class ProgressPrinterTest {

    private static final GroupInterval INSERT = new GroupInterval("insert",
            new io.dbharness.core.result.Totals(io.dbharness.core.api.Counts.builder().operations(25).rows(123_456)
            .points(2_345_678).bytes(45_600_000).build(), 0, 25, 123_456, 2_345_678, 45.6), 2.1, 12.3, 40.0,
            java.util.List.of());
    private static final GroupInterval QUERY = new GroupInterval("query",
            new io.dbharness.core.result.Totals(io.dbharness.core.api.Counts.builder().operations(1_234).build(), 0,
            1_234, 0, 0, 0), 0.4, 3.25, 9.0, java.util.List.of());
    private static final IntervalSample SAMPLE = new IntervalSample(10.0, 1.0, List.of(INSERT), null);

    private static GroupProgress insert(State state, long errors, long timeouts, long unknown, int reconnecting,
                                        double eta, double fraction) {
        return GroupProgress.builder().counts(io.dbharness.core.api.Counts.builder().operations(1000).rows(1_234_567)
                .points(12_345_670).bytes(500_000_000).errors(errors).unknownRows(unknown).timeouts(timeouts).build())
                .group("insert").state(state).reconnecting(reconnecting).etaSeconds(eta).fractionDone(fraction)
                .behindSeconds(0).build();
    }

    /** The query group running: 12,345 operations, no rows, no ETA, {@code behind} seconds behind schedule. */
    private static GroupProgress query(double behind) {
        return GroupProgress.builder().counts(io.dbharness.core.api.Counts.builder().operations(12_345).build())
                .group("query").state(State.RUNNING).behindSeconds(behind).build();
    }

    private static String line(double elapsed, GroupProgress g) {
        return ProgressPrinter.lines(SAMPLE, new Progress(elapsed, List.of(g))).get(0);
    }

    /** With intervals under a second the time has tenths: lines a quarter second apart no longer all read 1s. */
    @Test
    void subSecondIntervalsShowTenths() {
        IntervalSample quarter = new IntervalSample(1.25, 0.25, List.of(INSERT), null);
        assertTrue(ProgressPrinter.lines(quarter, new Progress(1.25, List.of(insert(State.RUNNING, 0, 0, 0, 0, -1, -1))))
                .get(0).startsWith("[ 1.3s]  "));
        assertTrue(ProgressPrinter.lines(quarter, new Progress(1.5, List.of(insert(State.RUNNING, 0, 0, 0, 0, -1, -1))))
                .get(0).startsWith("[ 1.5s]  "));
        assertTrue(ProgressPrinter.lines(quarter, new Progress(75, List.of(insert(State.RUNNING, 0, 0, 0, 0, -1, -1))))
                .get(0).startsWith("[1m15s]  "), "past a minute, as before");
    }

    @Test
    void lineWithEta() {
        assertEquals("[  10s]  1,234,567 rows  123,456 rows/s  2,345,678 points/s  45.6 MB/s  p99 12.3 ms  done 42%  ETA 14s",
                line(10.2, insert(State.RUNNING, 0, 0, 0, 0, 14.4, 0.42)));
    }

    @Test
    void lineWithoutEtaShowsErrorsTimeoutsAndUnknownRows() {
        assertEquals("[1m23s]  1,234,567 rows  123,456 rows/s  2,345,678 points/s  45.6 MB/s  p99 12.3 ms  5 errors"
                        + "  2 timeouts  5,000 rows of unknown fate",
                line(83, insert(State.RUNNING, 5, 2, 5_000, 0, -1, -1)));
    }

    @Test
    void stoppingAndReconnectingReplaceTheEta() {
        assertEquals("[  20s]  1,234,567 rows  123,456 rows/s  2,345,678 points/s  45.6 MB/s  p99 12.3 ms"
                + "  stopping: letting what is under way finish (what outlasts the stop's grace is cancelled)", line(20, insert(State.STOPPING, 0, 0, 0, 0, -1, -1)));
        assertEquals("[  20s]  1,234,567 rows  123,456 rows/s  2,345,678 points/s  45.6 MB/s  p99 12.3 ms"
                + "  reconnecting (2 workers)", line(20, insert(State.RECONNECTING, 0, 0, 0, 2, 30, 0.5)));
    }

    @Test
    void severalGroupsGetALineEachNamedAndQueriesCountOperations() {
        IntervalSample both = new IntervalSample(10, 1, List.of(INSERT, QUERY), null);
        List<String> lines = ProgressPrinter.lines(both, new Progress(10, List.of(insert(State.RUNNING, 0, 0, 0, 0, -1, -1),
                query(2.5))));
        assertEquals(List.of(
                "[  10s]  insert: 1,234,567 rows  123,456 rows/s  2,345,678 points/s  45.6 MB/s  p99 12.3 ms",
                "[  10s]  query: 12,345 ops  1,234 ops/s  p99 3.25 ms  behind 2.5 s"), lines);
    }

    /** iot-mixed's idle phase: the ingest is done while the queries go on; no rates of zero, no 100%. */
    @Test
    void aGroupThatIsDoneSaysSoAndNothingMore() {
        IntervalSample both = new IntervalSample(10, 1, List.of(INSERT, QUERY), null);
        List<String> lines = ProgressPrinter.lines(both, new Progress(10, List.of(insert(State.DONE, 0, 0, 0, 0, 0, 1.0),
                query(0))));
        assertEquals(List.of("[  10s]  insert: done, 1,234,567 rows", "[  10s]  query: 12,345 ops  1,234 ops/s  p99 3.25 ms"),
                lines);
    }

    @Test
    void theHostsCpuShowsOnceOnTheFirstLine() {
        io.dbharness.core.result.HostSample host = io.dbharness.core.result.HostSample.builder()
                .cpuUserPercent(48.2)
                .cpuSystemPercent(14.5)
                .cpuIowaitPercent(3)
                .harnessCpuCores(0.4)
                .memoryUsedBytes(1)
                .memoryTotalBytes(2)
                .build();
        IntervalSample both = new IntervalSample(10, 1, List.of(INSERT, QUERY), host);
        List<String> lines = ProgressPrinter.lines(both, new Progress(10, List.of(insert(State.RUNNING, 0, 0, 0, 0, 14.4, 0.42),
                query(0))));
        assertEquals(List.of(
                "[  10s]  insert: 1,234,567 rows  123,456 rows/s  2,345,678 points/s  45.6 MB/s  p99 12.3 ms  cpu 63%  done 42%  ETA 14s",
                "[  10s]  query: 12,345 ops  1,234 ops/s  p99 3.25 ms"), lines);
        IntervalSample unknown = new IntervalSample(10, 1, List.of(INSERT), io.dbharness.core.result.HostSample.builder()
                .cpuUserPercent(-1)
                .cpuSystemPercent(-1)
                .cpuIowaitPercent(-1)
                .harnessCpuCores(-1)
                .memoryUsedBytes(-1)
                .memoryTotalBytes(-1)
                .diskReadsPerSecond(-1)
                .diskWritesPerSecond(-1)
                .diskReadMegabytesPerSecond(-1)
                .diskWriteMegabytesPerSecond(-1)
                .diskAwaitMillis(-1)
                .netReceiveMegabytesPerSecond(-1)
                .netTransmitMegabytesPerSecond(-1)
                .build());
        assertEquals("[  10s]  1,234,567 rows  123,456 rows/s  2,345,678 points/s  45.6 MB/s  p99 12.3 ms",
                ProgressPrinter.lines(unknown, new Progress(10, List.of(insert(State.RUNNING, 0, 0, 0, 0, -1, -1)))).get(0));
    }

    @Test
    void longEtaAndPrintsOneLine() {
        var bytes = new ByteArrayOutputStream();
        var printer = new ProgressPrinter(new PrintStream(bytes, true, StandardCharsets.UTF_8));
        printer.onInterval(SAMPLE, new Progress(3725, List.of(GroupProgress.builder()
                .counts(io.dbharness.core.api.Counts.builder().operations(1).rows(1).points(10).bytes(100).errors(1)
                .unknownRows(0).timeouts(0).build()).group("insert").state(State.RUNNING).reconnecting(0)
                .etaSeconds(4000).fractionDone(0.999).behindSeconds(0).build())));
        assertEquals("[1h02m]  1 rows  123,456 rows/s  2,345,678 points/s  45.6 MB/s  p99 12.3 ms  1 error  done 99%  ETA 1h06m"
                + System.lineSeparator(), bytes.toString(StandardCharsets.UTF_8));
    }

    @Test
    void aWarmUpSaysSoAndHeadlineFiguresFollowTheRate() {
        GroupInterval tx = new GroupInterval("tpcc",
                new io.dbharness.core.result.Totals(io.dbharness.core.api.Counts.builder().operations(4_000).build(),
                0, 800, 0, 0, 0), 5.0, 29.6, 90.0, java.util.List.of());
        GroupProgress g = GroupProgress.builder().counts(io.dbharness.core.api.Counts.builder().operations(40_000)
                .rows(0).points(0).bytes(0).errors(0).unknownRows(0).timeouts(0).build()).group("tpcc")
                .state(State.RUNNING).reconnecting(0).etaSeconds(25).fractionDone(0.5).behindSeconds(0).build();
        IntervalSample sample = new IntervalSample(10.0, 5.0, List.of(tx), null);
        assertEquals("[   5s]  warm-up (not measured)  40,000 ops  800 ops/s  p99 29.6 ms  done 50%  ETA 25s",
                ProgressPrinter.lines(sample, new Progress(5, List.of(g), true, java.util.Map.of())).get(0));
        java.util.Map<String, Double> figures = new java.util.LinkedHashMap<>();
        figures.put("tpmC", 23_538.1);
        figures.put("tpmTotal", 52_725.2);
        assertEquals("[  30s]  40,000 ops  800 ops/s  tpmC 23,538  tpmTotal 52,725  p99 29.6 ms  done 50%  ETA 25s",
                ProgressPrinter.lines(sample, new Progress(30, List.of(g), false, figures)).get(0));
    }
}
