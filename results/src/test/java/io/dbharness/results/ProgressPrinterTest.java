package io.dbharness.results;

import io.dbharness.core.engine.ProgressListener.Progress;
import io.dbharness.core.result.IntervalSample;
import org.junit.jupiter.api.Test;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;

import static org.junit.jupiter.api.Assertions.assertEquals;

class ProgressPrinterTest {

    private static final IntervalSample SAMPLE = new IntervalSample(10.0, 1.0, 123_456, 2_345_678, 45_600_000, 0,
            123_456, 2_345_678, 45.6, 2.1, 12.3, 40.0);

    @Test
    void lineWithEta() {
        Progress p = new Progress(10.2, 1_234_567, 12_345_670, 500_000_000, 0, 14.4, 0.42);
        assertEquals("[  10s]  1,234,567 rows  123,456 rows/s  2,345,678 points/s  45.6 MB/s  p99 12.3 ms  42%  ETA 14s",
                ProgressPrinter.line(SAMPLE, p));
    }

    @Test
    void lineWithoutEtaShowsErrors() {
        Progress p = new Progress(83, 1_234_567, 12_345_670, 500_000_000, 5, -1, -1);
        assertEquals("[1m23s]  1,234,567 rows  123,456 rows/s  2,345,678 points/s  45.6 MB/s  p99 12.3 ms  5 errors",
                ProgressPrinter.line(SAMPLE, p));
    }

    @Test
    void longEtaAndPrintsOneLine() {
        var bytes = new ByteArrayOutputStream();
        var printer = new ProgressPrinter(new PrintStream(bytes, true, StandardCharsets.UTF_8));
        printer.onInterval(SAMPLE, new Progress(3725, 1, 10, 100, 1, 4000, 0.999));
        assertEquals("[1h02m]  1 rows  123,456 rows/s  2,345,678 points/s  45.6 MB/s  p99 12.3 ms  1 error  99%  ETA 1h06m"
                + System.lineSeparator(), bytes.toString(StandardCharsets.UTF_8));
    }
}
