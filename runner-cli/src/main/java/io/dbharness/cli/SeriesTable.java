package io.dbharness.cli;

import io.dbharness.core.result.RunResult;
import io.dbharness.results.Fmt;
import io.dbharness.results.stats.Headline;

import java.util.ArrayList;
import java.util.List;

/**
 * The table after a series: one line per run with its point, exit code, headline figure and result file. The
 * figure is one the runs share ({@link #figure}): points/s where some skipped rows, those runs marked and the
 * footnote saying how many and why.
 */
final class SeriesTable {

    /** Marks a run that skipped rows. */
    static final String MARK = "*";

    private SeriesTable() {
    }

    static String render(List<Series.Run> runs, boolean repeated) {
        List<RunResult> results = Series.results(runs);
        List<String[]> rows = new ArrayList<>();
        rows.add(repeated ? new String[]{"point", "rep", "exit", "throughput", "result"}
                : new String[]{"point", "exit", "throughput", "result"});
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
            rows.add(repeated ? new String[]{point, String.valueOf(r.repetition()), exit, figure, file}
                    : new String[]{point, exit, figure, file});
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
                boolean right = row[i].matches("[\\d,.]+( \\S+)?( \\" + MARK + "| *)") && i > 0;
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
