package io.dbharness.results.report;

/** Escaping for what the page takes from result files: labels, options, DDL and messages are user-controlled. */
final class Html {

    private Html() {
    }

    /** Text for element content and quoted attribute values. */
    static String text(String s) {
        if (s == null) {
            return "";
        }
        StringBuilder b = new StringBuilder(s.length() + 16);
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            switch (c) {
                case '&' -> b.append("&amp;");
                case '<' -> b.append("&lt;");
                case '>' -> b.append("&gt;");
                case '"' -> b.append("&quot;");
                case '\'' -> b.append("&#39;");
                default -> b.append(c);
            }
        }
        return b.toString();
    }

    /**
     * JSON made safe inside {@code <script type="application/json">}: {@code <}, {@code >} and {@code &} only occur
     * inside JSON strings, where {@code \}{@code u003c} means the same to JSON.parse but can never close the
     * element ({@code </script>}) or open a comment ({@code <!--}); U+2028/2029 likewise, for old parsers.
     */
    static String scriptJson(String json) {
        return json.replace("<", "\\u003c").replace(">", "\\u003e").replace("&", "\\u0026")
                .replace("\u2028", "\\u2028").replace("\u2029", "\\u2029");
    }
}
