package io.dbharness.results.report;

import java.util.List;
import java.util.stream.Collectors;

/** A table as RFC 4180 CSV: a header row, values plain (no thousands separators), quoted when they must be. */
final class Csv {

    private Csv() {
    }

    static String render(Table t) {
        StringBuilder b = new StringBuilder();
        line(b, t.columns().stream().map(Table.Column::name).toList());
        for (List<Object> row : t.rows()) {
            List<String> cells = new java.util.ArrayList<>();
            for (int i = 0; i < row.size(); i++) {
                cells.add(t.columns().get(i).kind().raw(row.get(i)));
            }
            line(b, cells);
        }
        return b.toString();
    }

    private static void line(StringBuilder b, List<String> cells) {
        b.append(cells.stream().map(Csv::quote).collect(Collectors.joining(","))).append("\r\n");
    }

    private static String quote(String s) {
        boolean needs = s.indexOf(',') >= 0 || s.indexOf('"') >= 0 || s.indexOf('\n') >= 0 || s.indexOf('\r') >= 0;
        return needs ? '"' + s.replace("\"", "\"\"") + '"' : s;
    }
}
