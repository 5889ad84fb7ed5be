package io.dbharness.cli;

import io.dbharness.core.api.MetricDescriptor;
import io.dbharness.core.result.RunResult;
import io.dbharness.results.Fmt;
import io.dbharness.results.ServerFigures;
import io.dbharness.results.ServerHostFigures;
import io.dbharness.results.stats.Headline;

import java.util.ArrayList;
import java.util.List;

/**
 * The table after a series: one line per run with its point, exit code, headline figure and result file. The
 * figure is one the runs share ({@link #figure}): points/s where some skipped rows, those runs marked and the
 * footnote saying how many and why. When runs sampled the database's machines ({@code --server-hosts}), their CPU,
 * IOPS, await and network; when the server's account has a counter of bytes to show (its WAL), that per second:
 * the seeds' tables put the server's load beside the throughput.
 */
final class SeriesTable {

    /** Marks a run that skipped rows. */
    static final String MARK = "*";

    private SeriesTable() {
    }

    static String render(List<Series.Run> runs, boolean repeated) {
        List<RunResult> results = Series.results(runs);
        List<String[]> rows = new ArrayList<>();
        boolean hosts = results.stream().anyMatch(x -> !ServerHostFigures.of(x).isEmpty());
        String counter = bytesCounter(results);
        List<String> header = new ArrayList<>(repeated ? List.of("point", "rep", "exit", "throughput") : List.of("point", "exit", "throughput"));
        if (hosts) {
            header.addAll(ServerHostFigures.HEADINGS);
        }
        if (counter != null) {
            header.add(counter + " MB/s");
        }
        header.add("result");
        rows.add(header.toArray(String[]::new));
        List<String> skipped = new ArrayList<>();
        boolean points = false;
        // unmarked figures get the mark's width, so the numbers stay aligned
        String unmarked = results.stream().anyMatch(x -> x.totals().counts().skippedRows() > 0) ? " ".repeat(MARK.length() + 1) : "";
        for (Series.Run r : runs) {
            SingleRun.Outcome o = r.outcome();
            String point = r.point().values().isEmpty() ? "-" : r.point().number() + " " + r.point().label();
            String figure = "-";
            if (o.result() != null) {
                long skips = o.result().totals().counts().skippedRows();
                Headline h = Headline.of(o.result(), figure(o.result(), results));
                points |= h.name().equals(Headline.POINTS);
                figure = Series.describe(h) + (skips > 0 ? " " + MARK : unmarked);
                if (skips > 0) {
                    skipped.add(point + (repeated ? " repetition " + r.repetition() : "") + " skipped " + Fmt.count(skips)
                            + (skips == 1 ? " row" : " rows"));
                }
            }
            String file = o.file() == null ? "(no result written)" : o.file().toString();
            String exit = String.valueOf(o.exitCode());
            List<String> row = new ArrayList<>(repeated ? List.of(point, String.valueOf(r.repetition()), exit, figure)
                    : List.of(point, exit, figure));
            if (hosts) {
                row.addAll(ServerHostFigures.cells(o.result()));
            }
            if (counter != null) {
                row.add(counterCell(o.result(), counter));
            }
            row.add(file);
            rows.add(row.toArray(String[]::new));
        }
        int[] width = new int[rows.get(0).length];
        for (String[] row : rows) {
            for (int i = 0; i < row.length; i++) {
                width[i] = Math.max(width[i], row[i].length());
            }
        }
        StringBuilder b = new StringBuilder();
        for (String[] row : rows) {
            StringBuilder line = new StringBuilder();
            for (int i = 0; i < row.length; i++) {
                // numbers read best right-aligned; the last column is not padded
                boolean right = row[i].matches("[\\d,.]+%?( \\S+)?( \\" + MARK + "| *)|missing") && i > 0;
                String cell = i == row.length - 1 ? row[i] : right ? pad(row[i], width[i], true) : pad(row[i], width[i], false);
                line.append("  ").append(cell);
            }
            b.append(line.toString().stripTrailing()).append('\n');
        }
        if (!skipped.isEmpty()) {
            b.append("  ").append(MARK).append(' ').append(String.join(", ", skipped)).append(": ")
                    .append(Headline.SKIPPED_WHY).append(points ? ": the throughput is in points/s\n" : "\n");
        }
        return b.toString();
    }

    /** The label of the first counter of bytes the runs' server accounts show (the WAL's), null when none has one. */
    private static String bytesCounter(List<RunResult> results) {
        for (RunResult r : results) {
            if (r.serverUsage() != null) {
                for (ServerFigures.Figure f : ServerFigures.counters(r.serverUsage())) {
                    if (f.unit() == MetricDescriptor.Unit.BYTES) {
                        return f.label();
                    }
                }
            }
        }
        return null;
    }

    /** That counter's growth per second of the measured run, in MB; {@code missing} where the run's account lacks it. */
    private static String counterCell(RunResult r, String label) {
        if (r == null) {
            return "-";
        }
        double seconds = r.totals().durationSeconds();
        return r.serverUsage() == null || seconds <= 0 ? "missing" : ServerFigures.counters(r.serverUsage()).stream()
                .filter(f -> f.label().equals(label) && f.unit() == MetricDescriptor.Unit.BYTES).findFirst()
                .map(f -> Fmt.oneDecimal(f.value() / 1e6 / seconds)).orElse("missing");
    }

    /**
     * The headline figure {@code r} is shown in among {@code all}: its own, points/s for rows/s when any run
     * that exited 0 skipped rows (as the report and compare judge them).
     */
    static String figure(RunResult r, List<RunResult> all) {
        return Headline.common(Headline.of(r).name(), all.stream().filter(x -> x.exitCode() == 0).toList());
    }

    private static String pad(String s, int width, boolean right) {
        String fill = " ".repeat(Math.max(0, width - s.length()));
        return right ? fill + s : s + fill;
    }
}
