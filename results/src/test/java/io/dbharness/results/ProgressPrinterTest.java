package io.dbharness.results;

import io.dbharness.core.engine.ProgressListener.GroupProgress;
import io.dbharness.core.engine.ProgressListener.Progress;
import io.dbharness.core.engine.ProgressListener.State;
import io.dbharness.core.result.IntervalSample;
import io.dbharness.core.result.IntervalSample.GroupInterval;
import org.junit.jupiter.api.Test;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;

class ProgressPrinterTest {

    private static final GroupInterval INSERT = new GroupInterval("insert", 25, 123_456, 2_345_678, 45_600_000, 0, 0, 0,
            25, 123_456, 2_345_678, 45.6, 2.1, 12.3, 40.0, List.of());
    private static final GroupInterval QUERY = new GroupInterval("query", 1_234, 0, 0, 0, 0, 0, 0, 1_234, 0, 0, 0, 0.4,
            3.25, 9.0, List.of());
    private static final IntervalSample SAMPLE = new IntervalSample(10.0, 1.0, List.of(INSERT), null);

    private static GroupProgress insert(State state, long errors, long timeouts, long unknown, int reconnecting,
                                        double eta, double fraction) {
        return new GroupProgress("insert", state, 1000, 1_234_567, 12_345_670, 500_000_000, errors, timeouts, unknown,
                reconnecting, eta, fraction, 0);
    }

    private static String line(double elapsed, GroupProgress g) {
        return ProgressPrinter.lines(SAMPLE, new Progress(elapsed, List.of(g))).get(0);
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
                + "  stopping: cancelling what is still running", line(20, insert(State.STOPPING, 0, 0, 0, 0, -1, -1)));
        assertEquals("[  20s]  1,234,567 rows  123,456 rows/s  2,345,678 points/s  45.6 MB/s  p99 12.3 ms"
                + "  reconnecting (2 workers)", line(20, insert(State.RECONNECTING, 0, 0, 0, 2, 30, 0.5)));
    }

    @Test
    void severalGroupsGetALineEachNamedAndQueriesCountOperations() {
        IntervalSample both = new IntervalSample(10, 1, List.of(INSERT, QUERY), null);
        List<String> lines = ProgressPrinter.lines(both, new Progress(10, List.of(insert(State.RUNNING, 0, 0, 0, 0, -1, -1),
                new GroupProgress("query", State.RUNNING, 12_345, 0, 0, 0, 0, 0, 0, 0, -1, -1, 2.5))));
        assertEquals(List.of(
                "[  10s]  insert: 1,234,567 rows  123,456 rows/s  2,345,678 points/s  45.6 MB/s  p99 12.3 ms",
                "[  10s]  query: 12,345 ops  1,234 ops/s  p99 3.25 ms  behind 2.5 s"), lines);
    }

    /** iot-mixed's idle phase: the ingest is done while the queries go on; no rates of zero, no 100%. */
    @Test
    void aGroupThatIsDoneSaysSoAndNothingMore() {
        IntervalSample both = new IntervalSample(10, 1, List.of(INSERT, QUERY), null);
        List<String> lines = ProgressPrinter.lines(both, new Progress(10, List.of(insert(State.DONE, 0, 0, 0, 0, 0, 1.0),
                new GroupProgress("query", State.RUNNING, 12_345, 0, 0, 0, 0, 0, 0, 0, -1, -1, 0))));
        assertEquals(List.of("[  10s]  insert: done, 1,234,567 rows", "[  10s]  query: 12,345 ops  1,234 ops/s  p99 3.25 ms"),
                lines);
    }

    @Test
    void theHostsCpuShowsOnceOnTheFirstLine() {
        io.dbharness.core.result.HostSample host = new io.dbharness.core.result.HostSample(48.2, 14.5, 3, 0.4, 1, 2, 0,
                0, 0, 0, 0, 0, 0);
        IntervalSample both = new IntervalSample(10, 1, List.of(INSERT, QUERY), host);
        List<String> lines = ProgressPrinter.lines(both, new Progress(10, List.of(insert(State.RUNNING, 0, 0, 0, 0, 14.4, 0.42),
                new GroupProgress("query", State.RUNNING, 12_345, 0, 0, 0, 0, 0, 0, 0, -1, -1, 0))));
        assertEquals(List.of(
                "[  10s]  insert: 1,234,567 rows  123,456 rows/s  2,345,678 points/s  45.6 MB/s  p99 12.3 ms  cpu 63%  done 42%  ETA 14s",
                "[  10s]  query: 12,345 ops  1,234 ops/s  p99 3.25 ms"), lines);
        IntervalSample unknown = new IntervalSample(10, 1, List.of(INSERT), new io.dbharness.core.result.HostSample(-1, -1,
                -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1));
        assertEquals("[  10s]  1,234,567 rows  123,456 rows/s  2,345,678 points/s  45.6 MB/s  p99 12.3 ms",
                ProgressPrinter.lines(unknown, new Progress(10, List.of(insert(State.RUNNING, 0, 0, 0, 0, -1, -1)))).get(0));
    }

    @Test
    void longEtaAndPrintsOneLine() {
        var bytes = new ByteArrayOutputStream();
        var printer = new ProgressPrinter(new PrintStream(bytes, true, StandardCharsets.UTF_8));
        printer.onInterval(SAMPLE, new Progress(3725, List.of(new GroupProgress("insert", State.RUNNING, 1, 1, 10, 100,
                1, 0, 0, 0, 4000, 0.999, 0))));
        assertEquals("[1h02m]  1 rows  123,456 rows/s  2,345,678 points/s  45.6 MB/s  p99 12.3 ms  1 error  done 99%  ETA 1h06m"
                + System.lineSeparator(), bytes.toString(StandardCharsets.UTF_8));
    }

    @Test
    void aWarmUpSaysSoAndHeadlineFiguresFollowTheRate() {
        GroupInterval tx = new GroupInterval("tpcc", 4_000, 0, 0, 0, 0, 0, 0, 800, 0, 0, 0, 5.0, 29.6, 90.0, List.of());
        GroupProgress g = new GroupProgress("tpcc", State.RUNNING, 40_000, 0, 0, 0, 0, 0, 0, 0, 25, 0.5, 0);
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
