package io.dbharness.core.api;

import java.util.Objects;

/**
 * One statement as the server accounts for it (PostgreSQL's {@code pg_stat_statements}).
 *
 * @param id          the server's id for the normalized text (queryid), as text
 * @param text        the normalized text, parameters as {@code $1}; cut to 300 characters
 * @param calls       times it ran
 * @param totalMillis time spent executing it, ms
 * @param rows        rows it returned or changed
 */
public record TopStatement(String id, String text, long calls, double totalMillis, long rows) {

    public static final int MAX_TEXT = 300;

    public TopStatement {
        Objects.requireNonNull(id, "id");
        text = text == null ? "" : text.length() > MAX_TEXT ? text.substring(0, MAX_TEXT - 3) + "..." : text;
        if (calls < 0 || rows < 0 || !(totalMillis >= 0)) {
            throw new IllegalArgumentException("negative statement figures: " + calls + " calls, " + totalMillis + " ms");
        }
    }

    /** Mean time per call, ms; 0 without calls. */
    public double meanMillis() {
        return calls == 0 ? 0 : totalMillis / calls;
    }
}
