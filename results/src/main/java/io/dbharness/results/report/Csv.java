package io.dbharness.results.report;

import java.util.List;
import java.util.regex.Pattern;
import java.util.stream.Collectors;

/** A table as RFC 4180 CSV: a header row, values plain (no thousands separators), quoted when they must be. */
final class Csv {

    /** What opens a formula in Excel, LibreOffice and Google Sheets (OWASP's CSV injection list). */
    private static final String FORMULA_START = "=+-@\t\r";

    private static final Pattern NUMBER = Pattern.compile("[-+]?\\d+(\\.\\d+)?([eE][-+]?\\d+)?");

    private Csv() {
    }

    static String render(Table t) {
        StringBuilder b = new StringBuilder();
        line(b, t.columns().stream().map(c -> inert(c.name())).toList()); // setting names come from the files too
        for (List<Object> row : t.rows()) {
            List<String> cells = new java.util.ArrayList<>();
            for (int i = 0; i < row.size(); i++) {
                Table.Kind kind = t.columns().get(i).kind();
                String cell = kind.raw(row.get(i));
                cells.add(kind.numeric() ? cell : inert(cell));
            }
            line(b, cells);
        }
        return b.toString();
    }

    /**
     * Text a spreadsheet would run as a formula ({@code =HYPERLINK(...)} in a label, option or message) gets a
     * leading {@code '}, which the spreadsheet shows as plain text. A text cell that is just a number (an option's
     * {@code -1}) stays as it is: as a formula it is only that number, and other tools read it unchanged.
     */
    static String inert(String cell) {
        if (cell.isEmpty() || FORMULA_START.indexOf(cell.charAt(0)) < 0 || NUMBER.matcher(cell).matches()) {
            return cell;
        }
        return "'" + cell;
    }

    private static void line(StringBuilder b, List<String> cells) {
        b.append(cells.stream().map(Csv::quote).collect(Collectors.joining(","))).append("\r\n");
    }

    private static String quote(String s) {
        boolean needs = s.indexOf(',') >= 0 || s.indexOf('"') >= 0 || s.indexOf('\n') >= 0 || s.indexOf('\r') >= 0;
        return needs ? '"' + s.replace("\"", "\"\"") + '"' : s;
    }
}
