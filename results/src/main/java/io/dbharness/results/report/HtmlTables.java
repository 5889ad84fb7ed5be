package io.dbharness.results.report;

import java.util.List;

/** A table as an HTML section: numbers right-aligned, DDL folded under its first line. */
final class HtmlTables {

    private HtmlTables() {
    }

    static void render(StringBuilder b, Table t) {
        b.append("<section class=\"table\" id=\"table-").append(Html.text(t.name())).append("\">\n<h2>")
                .append(Html.text(t.title())).append("</h2>\n<div class=\"scroll\"><table>\n<thead><tr>");
        for (Table.Column c : t.columns()) {
            b.append(c.kind().numeric() ? "<th class=\"num\">" : "<th>").append(Html.text(c.name())).append("</th>");
        }
        b.append("</tr></thead>\n<tbody>\n");
        for (List<Object> row : t.rows()) {
            b.append("<tr>");
            for (int i = 0; i < row.size(); i++) {
                Table.Kind kind = t.columns().get(i).kind();
                String text = kind.display(row.get(i));
                b.append(kind.numeric() ? "<td class=\"num\">" : "<td>");
                if (kind == Table.Kind.CODE && !text.isBlank()) {
                    String first = text.strip().lines().findFirst().orElse("");
                    b.append("<details><summary>").append(Html.text(first)).append("</summary><pre>")
                            .append(Html.text(text.strip())).append("</pre></details>");
                } else {
                    b.append(Html.text(text));
                }
                b.append("</td>");
            }
            b.append("</tr>\n");
        }
        b.append("</tbody>\n</table></div>\n<p class=\"csv\">Also in <a href=\"").append(Html.text(t.name()))
                .append(".csv\">").append(Html.text(t.name())).append(".csv</a>.</p>\n</section>\n");
    }
}
