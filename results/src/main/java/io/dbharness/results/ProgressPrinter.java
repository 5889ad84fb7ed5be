package io.dbharness.results;

import io.dbharness.core.api.Counts;
import io.dbharness.core.result.HostSample;
import io.dbharness.core.result.IntervalSample;
import io.dbharness.core.result.IntervalSample.GroupInterval;
import io.dbharness.core.result.ProgressListener;
import io.dbharness.core.result.Totals;

import java.io.PrintStream;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * Prints one line per group of workers per watch interval, e.g.
 * {@code [  10s]  1,234,567 rows  123,456 rows/s  2,345,678 points/s  45.6 MB/s  p99 12.3 ms  cpu 63%  done 42%  ETA 14s}
 * ({@code cpu}: the host's user and system time over the interval, where /proc can be read; {@code done}: the
 * share of the planned work, or of --duration, behind it); a group whose workers have all done their share says
 * {@code done} and its count, nothing more;
 * a group whose operations carry no rows (queries, transactions) shows operations instead. Rates and p99 are
 * of the interval just ended (what the target does now); counts are cumulative. With several groups each
 * line starts with the group's name. Meant for stderr, so stdout stays free for the final summary or JSON.
 */
public final class ProgressPrinter implements ProgressListener {

    private final PrintStream out;

    public ProgressPrinter(PrintStream out) {
        this.out = out;
    }

    @Override
    public void onInterval(IntervalSample sample, Progress progress) {
        // one println per line: PrintStream locks per call, so lines never interleave with other output
        for (String line : lines(sample, progress)) {
            out.println(line);
        }
    }

    @Override
    public void onPhase(String what) {
        out.println(what + "...");
    }

    /** The lines without printing them. */
    public static List<String> lines(IntervalSample sample, Progress progress) {
        List<String> lines = new ArrayList<>();
        boolean named = progress.groups().size() > 1;
        for (GroupProgress g : progress.groups()) {
            GroupInterval i = sample.groups().stream().filter(x -> x.group().equals(g.group())).findFirst().orElse(null);
            // the host's CPU belongs to no group: once, on the first line
            HostSample host = lines.isEmpty() ? sample.host() : null;
            // intervals under a second: tenths, so successive lines do not all read [   1s]
            String at = sample.seconds() < 0.95 && progress.elapsedSeconds() < 60
                    ? String.format(Locale.ROOT, "%.1fs", progress.elapsedSeconds()) : Fmt.shortDuration(progress.elapsedSeconds());
            lines.add(line(at, named ? g.group() : null, i, g, progress, host));
        }
        return lines;
    }

    private static String line(String at, String name, GroupInterval i, GroupProgress g, Progress progress,
                               HostSample host) {
        StringBuilder b = new StringBuilder(128);
        b.append(String.format(Locale.ROOT, "[%5s]  ", at));
        if (progress.warmingUp()) {
            b.append("warm-up (not measured)  ");
        }
        if (name != null) {
            b.append(name).append(": ");
        }
        Counts c = g.counts();
        Totals now = i == null ? null : i.totals(); // this interval's
        boolean rows = c.rows() > 0 || c.operations() == 0;
        if (g.state() == ProgressListener.State.DONE && name != null) {
            // an ingest done while the queries go on: rates of zero and 100% would read as a stalled group
            b.append("done, ").append(rows ? Fmt.count(c.rows()) + " rows" : Fmt.count(c.operations()) + " ops");
            if (c.errors() > 0) {
                b.append(", ").append(Fmt.count(c.errors())).append(c.errors() == 1 ? " error" : " errors");
            }
            return b.toString();
        }
        if (rows) {
            b.append(Fmt.count(c.rows())).append(" rows  ");
            b.append(Fmt.rate(now == null ? 0 : now.rowsPerSecond())).append(" rows/s  ");
            b.append(Fmt.rate(now == null ? 0 : now.pointsPerSecond())).append(" points/s  ");
            b.append(Fmt.oneDecimal(now == null ? 0 : now.megabytesPerSecond())).append(" MB/s  ");
        } else {
            b.append(Fmt.count(c.operations())).append(" ops  ");
            b.append(Fmt.rate(now == null ? 0 : now.operationsPerSecond())).append(" ops/s  ");
        }
        // the workload's headline figures (TPC-C's tpmC), over the measured run so far
        progress.figures().forEach((k, v) -> b.append(k).append(' ').append(Fmt.rate(v)).append("  "));
        // an interval in which nothing completed has no latency to show (a stalled target): say so, not 0 ms
        b.append(now == null || now.counts().operations() == 0 ? "p99 -" : "p99 " + Fmt.millis(i.p99Millis()) + " ms");
        if (host != null && host.cpuUserPercent() >= 0 && host.cpuSystemPercent() >= 0) {
            // the whole host's, server included when it runs here: a saturated client shows while it happens
            b.append("  cpu ").append(Math.round(host.cpuUserPercent() + host.cpuSystemPercent())).append('%');
        }
        if (c.errors() > 0) {
            b.append("  ").append(Fmt.count(c.errors())).append(c.errors() == 1 ? " error" : " errors");
        }
        if (c.timeouts() > 0) {
            b.append("  ").append(Fmt.count(c.timeouts())).append(c.timeouts() == 1 ? " timeout" : " timeouts");
        }
        if (c.unknownRows() > 0) {
            b.append("  ").append(Fmt.count(c.unknownRows())).append(" rows of unknown fate");
        }
        if (g.behindSeconds() > 1.0) { // an open model that cannot keep the rate: say so while it happens
            b.append("  behind ").append(Fmt.oneDecimal(g.behindSeconds())).append(" s");
        }
        switch (g.state()) {
            case STOPPING -> b.append("  stopping: letting what is under way finish (what outlasts the stop's grace is cancelled)");
            case RECONNECTING -> b.append("  reconnecting (").append(g.reconnecting())
                    .append(g.reconnecting() == 1 ? " worker)" : " workers)");
            default -> {
                if (g.hasEta()) {
                    if (g.fractionDone() >= 0) {
                        // floor, so 100% only shows when the run really is done
                        b.append("  done ").append((int) Math.floor(g.fractionDone() * 100)).append('%');
                    }
                    b.append("  ETA ").append(Fmt.shortDuration(g.etaSeconds()));
                }
            }
        }
        return b.toString();
    }
}
