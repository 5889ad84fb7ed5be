package io.dbharness.core.query;

import io.dbharness.core.api.QueryParams;
import io.dbharness.core.api.SeriesSchema;

import java.sql.PreparedStatement;
import java.sql.SQLException;

/**
 * How one SQL target writes a query's placeholders: identifiers quoted its way, and each parameter either as
 * a bind marker (a server-side prepared statement, planned once) or as a literal (servers that plan by text).
 */
public interface SqlStyle {

    /** An identifier as the target's SQL writes it, quoted when needed. */
    String identifier(String name);

    /** Whether parameters go as {@code ?} markers bound by {@link #bind}; else as {@link #literal}s. */
    boolean bindsParameters();

    /** Binds parameter {@code name} (for {@code tags}, the device at {@code tagIndex}) at {@code index}. */
    default void bind(PreparedStatement ps, int index, String name, int tagIndex, QueryParams p, SeriesSchema schema)
            throws SQLException {
        throw new UnsupportedOperationException("this style writes literals");
    }

    /** Parameter {@code name} as a literal of the target's SQL; {@code tags} as a comma-separated list. */
    default String literal(String name, QueryParams p, SeriesSchema schema) {
        throw new UnsupportedOperationException("this style binds parameters");
    }

    /** The statement that shows the plan of {@code sql}, e.g. {@code EXPLAIN <sql>}. */
    default String explain(String sql) {
        return "EXPLAIN " + sql;
    }
}
