package io.dbharness.results.report;

import java.util.List;

/** The summary for pull requests and issues: the report's tables as GitHub-flavoured Markdown. */
final class Markdown {

    private Markdown() {
    }

    static String render(String title, List<String> intro, List<Table> tables) {
        StringBuilder b = new StringBuilder("# ").append(cell(title)).append("\n\n");
        for (String line : intro) {
            b.append(cell(line)).append("\n");
        }
        for (Table t : tables) {
            b.append("\n## ").append(cell(t.title())).append("\n\n");
            table(b, t);
        }
        return b.toString();
    }

    static void table(StringBuilder b, Table t) {
        b.append('|');
        t.columns().forEach(c -> b.append(' ').append(cell(c.name())).append(" |"));
        b.append("\n|");
        t.columns().forEach(c -> b.append(c.kind().numeric() ? "---:|" : "---|"));
        b.append('\n');
        for (List<Object> row : t.rows()) {
            b.append('|');
            for (int i = 0; i < row.size(); i++) {
                Table.Kind kind = t.columns().get(i).kind();
                String text = kind.display(row.get(i));
                if (kind == Table.Kind.CODE) {
                    text = firstLine(text);
                }
                b.append(' ').append(cell(text)).append(" |");
            }
            b.append('\n');
        }
    }

    /**
     * Text made inert in a table cell: one line, pipes escaped, and the characters that start HTML or links
     * escaped, since GitHub renders inline HTML and a label is whatever the user typed.
     */
    static String cell(String s) {
        String one = s.replaceAll("\\s*\\R\\s*", " ").strip();
        StringBuilder b = new StringBuilder();
        for (char c : one.toCharArray()) {
            switch (c) {
                case '|', '\\', '`', '*', '_', '[', ']', '<', '>' -> b.append('\\').append(c);
                default -> b.append(c);
            }
        }
        return b.toString();
    }

    private static String firstLine(String s) {
        String t = s.strip();
        int nl = t.indexOf('\n');
        return nl < 0 ? t : t.substring(0, nl).strip() + " ...";
    }
}
