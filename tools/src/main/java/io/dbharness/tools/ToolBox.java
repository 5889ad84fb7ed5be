package io.dbharness.tools;

import java.util.List;

/**
 * A titled table drawn as Go's go-pretty draws it in its light style with separated rows (mxbench's summary
 * reports), so the box its users compare by eye looks the same.
 */
final class ToolBox {

    private ToolBox() {
    }

    static String render(String title, List<List<String>> rows) {
        int columns = rows.stream().mapToInt(List::size).max().orElse(1);
        int[] width = new int[columns];
        for (List<String> row : rows) {
            for (int c = 0; c < row.size(); c++) {
                width[c] = Math.max(width[c], row.get(c).length());
            }
        }
        int inner = -1; // the title spans every column and the separators between them
        for (int w : width) {
            inner += w + 3;
        }
        if (title.length() + 2 > inner) { // a long title widens the last column
            width[columns - 1] += title.length() + 2 - inner;
            inner = title.length() + 2;
        }
        StringBuilder b = new StringBuilder();
        b.append('┌').append("─".repeat(inner)).append("┐\n");
        int left = (inner - title.length()) / 2;
        b.append('│').append(" ".repeat(left)).append(title).append(" ".repeat(inner - left - title.length())).append("│\n");
        b.append(line('├', '┬', '┤', width));
        for (int r = 0; r < rows.size(); r++) {
            b.append('│');
            for (int c = 0; c < columns; c++) {
                String cell = c < rows.get(r).size() ? rows.get(r).get(c) : "";
                b.append(' ').append(cell).append(" ".repeat(width[c] - cell.length())).append(" │");
            }
            b.append('\n');
            b.append(r == rows.size() - 1 ? line('└', '┴', '┘', width) : line('├', '┼', '┤', width));
        }
        return b.toString();
    }

    private static String line(char left, char middle, char right, int[] width) {
        StringBuilder b = new StringBuilder().append(left);
        for (int c = 0; c < width.length; c++) {
            b.append("─".repeat(width[c] + 2)).append(c == width.length - 1 ? right : middle);
        }
        return b.append('\n').toString();
    }
}
