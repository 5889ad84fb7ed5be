package io.dbharness.cli;

import io.dbharness.results.stats.Headline;

import java.util.ArrayList;
import java.util.List;

/** The table after a series: one line per run with its point, exit code, headline figure and result file. */
final class SeriesTable {

    private SeriesTable() {
    }

    static String render(List<Series.Run> runs, boolean repeated) {
        List<String[]> rows = new ArrayList<>();
        rows.add(repeated ? new String[]{"point", "rep", "exit", "throughput", "result"}
                : new String[]{"point", "exit", "throughput", "result"});
        for (Series.Run r : runs) {
            SingleRun.Outcome o = r.outcome();
            String point = r.point().values().isEmpty() ? "-" : r.point().number() + " " + r.point().label();
            String figure = o.result() == null ? "-" : Series.describe(Headline.of(o.result()));
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
                boolean right = row[i].matches("[\\d,.]+( \\S+)?") && i > 0;
                String cell = i == row.length - 1 ? row[i] : right ? pad(row[i], width[i], true) : pad(row[i], width[i], false);
                line.append("  ").append(cell);
            }
            b.append(line.toString().stripTrailing()).append('\n');
        }
        return b.toString();
    }

    private static String pad(String s, int width, boolean right) {
        String fill = " ".repeat(Math.max(0, width - s.length()));
        return right ? fill + s : s + fill;
    }
}
