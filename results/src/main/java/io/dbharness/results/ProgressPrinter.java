package io.dbharness.results;

import io.dbharness.core.engine.ProgressListener;
import io.dbharness.core.result.IntervalSample;

import java.io.PrintStream;
import java.util.Locale;

/**
 * Prints one line per watch interval, e.g.
 * {@code [  10s]  1,234,567 rows  123,456 rows/s  2,345,678 points/s  45.6 MB/s  p99 12.3 ms  42%  ETA 14s}.
 * Rates and p99 are of the interval just ended (what the target does now); rows and errors are cumulative.
 * Meant for stderr, so stdout stays free for the final summary or JSON.
 */
public final class ProgressPrinter implements ProgressListener {

    private final PrintStream out;

    public ProgressPrinter(PrintStream out) {
        this.out = out;
    }

    @Override
    public void onInterval(IntervalSample sample, Progress progress) {
        // one println per line: PrintStream locks per call, so lines never interleave with other output
        out.println(line(sample, progress));
    }

    /** The line without printing it. */
    public static String line(IntervalSample sample, Progress progress) {
        StringBuilder b = new StringBuilder(120);
        b.append(String.format(Locale.ROOT, "[%5s]  ", Fmt.shortDuration(progress.elapsedSeconds())));
        b.append(Fmt.count(progress.rows())).append(" rows  ");
        b.append(Fmt.rate(sample.rowsPerSecond())).append(" rows/s  ");
        b.append(Fmt.rate(sample.pointsPerSecond())).append(" points/s  ");
        b.append(Fmt.oneDecimal(sample.megabytesPerSecond())).append(" MB/s  ");
        b.append("p99 ").append(Fmt.millis(sample.p99Millis())).append(" ms");
        if (progress.errors() > 0) {
            b.append("  ").append(Fmt.count(progress.errors())).append(progress.errors() == 1 ? " error" : " errors");
        }
        if (progress.hasEta()) {
            if (progress.fractionDone() >= 0) {
                // floor, so 100% only shows when the run really is done
                b.append("  ").append((int) Math.floor(progress.fractionDone() * 100)).append('%');
            }
            b.append("  ETA ").append(Fmt.shortDuration(progress.etaSeconds()));
        }
        return b.toString();
    }
}
