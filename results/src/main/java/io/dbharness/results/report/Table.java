package io.dbharness.results.report;

import io.dbharness.results.Fmt;

import java.math.BigDecimal;
import java.math.RoundingMode;
import java.util.ArrayList;
import java.util.List;

/**
 * One table of the report, rendered to HTML, Markdown and CSV. Cells keep their values (numbers as numbers) and
 * each column says how to show them: formatted for people in HTML and Markdown, plain for CSV.
 *
 * @param name  the CSV file's name without {@code .csv}, and the HTML table's id
 * @param rows  one list of cells per row, a cell being null when it does not apply
 */
record Table(String name, String title, List<Column> columns, List<List<Object>> rows) {

    Table {
        columns = List.copyOf(columns);
        List<List<Object>> copy = new ArrayList<>();
        for (List<Object> row : rows) {
            if (row.size() != columns.size()) {
                throw new IllegalArgumentException(name + ": a row of " + row.size() + " cells for " + columns.size() + " columns");
            }
            copy.add(java.util.Collections.unmodifiableList(new ArrayList<>(row))); // cells may be null
        }
        rows = List.copyOf(copy);
    }

    record Column(String name, Kind kind) {
    }

    /** How a column's values are shown. */
    enum Kind {
        /** Text on one line. */
        TEXT,
        /** Text over several lines (DDL): in full in HTML (folded) and CSV, its first line in Markdown. */
        CODE,
        /** A whole number: 1,234 / 1234. */
        COUNT,
        /** A rate per second or minute. */
        RATE,
        /** Milliseconds. */
        MILLIS,
        /** A decimal: one place for people. */
        DECIMAL,
        /** Bytes: 8.0 GB / 8000000000. */
        BYTES,
        /** A 95% confidence interval's half-width as a share of the mean: ± 2.1% / 2.1 (percent). */
        CI_PERCENT;

        boolean numeric() {
            return this != TEXT && this != CODE;
        }

        /** For people. */
        String display(Object v) {
            if (v == null) {
                return "";
            }
            return switch (this) {
                case TEXT -> Fmt.oneLine(v.toString());
                case CODE -> v.toString();
                case COUNT -> Fmt.count(((Number) v).longValue());
                case RATE -> finite(v) ? Fmt.rate(d(v)) : "";
                case MILLIS -> finite(v) ? Fmt.millis(d(v)) : "";
                case DECIMAL -> finite(v) ? Fmt.oneDecimal(d(v)) : "";
                case BYTES -> ((Number) v).longValue() < 0 ? "" : Fmt.bytes(((Number) v).longValue());
                case CI_PERCENT -> finite(v) ? "± " + Fmt.oneDecimal(d(v) * 100) + "%" : "";
            };
        }

        /** For other tools: no grouping, a fixed number of decimals at most, nothing for not-a-number. */
        String raw(Object v) {
            if (v == null) {
                return "";
            }
            return switch (this) {
                case TEXT, CODE -> v.toString();
                case COUNT, BYTES -> Long.toString(((Number) v).longValue());
                case RATE, MILLIS, DECIMAL -> finite(v) ? plain(d(v), 3) : "";
                case CI_PERCENT -> finite(v) ? plain(d(v) * 100, 2) : "";
            };
        }

        private static double d(Object v) {
            return ((Number) v).doubleValue();
        }

        private static boolean finite(Object v) {
            return Double.isFinite(d(v));
        }

        private static String plain(double v, int decimals) {
            return BigDecimal.valueOf(v).setScale(decimals, RoundingMode.HALF_UP).stripTrailingZeros().toPlainString();
        }
    }
}
