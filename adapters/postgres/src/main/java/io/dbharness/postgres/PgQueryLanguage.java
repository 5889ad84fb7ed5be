package io.dbharness.postgres;

import io.dbharness.core.api.CompiledQuery;
import io.dbharness.core.api.QueryLanguage;
import io.dbharness.core.api.QueryParams;
import io.dbharness.core.api.QueryShape;
import io.dbharness.core.api.QueryTemplate;
import io.dbharness.core.api.SeriesSchema;
import io.dbharness.core.query.SqlQuery;
import io.dbharness.core.query.SqlStyle;

import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.time.LocalDateTime;
import java.time.ZoneOffset;
import java.util.List;
import java.util.Optional;

/**
 * The PostgreSQL family's query texts: {@code sql/query/[<model>/]<name>.sql}, a product's own text over the generic one;
 * parameters bound to server-side prepared statements, planned once per connection.
 */
final class PgQueryLanguage implements QueryLanguage, SqlStyle {

    private final PgFlavor flavor;

    PgQueryLanguage(PgFlavor flavor) {
        this.flavor = flavor;
    }

    @Override
    public List<String> languages() {
        return flavor.queryLanguages();
    }

    @Override
    public Optional<String> catalogueTemplate(String model, String name) {
        return flavor.dialect().find("query/" + QueryLanguage.resourceName(model, name));
    }

    @Override
    public CompiledQuery compile(String name, QueryTemplate template, QueryShape shape) {
        return SqlQuery.compile(name, template, shape, this);
    }

    @Override
    public String identifier(String name) {
        return Tables.quote(name);
    }

    @Override
    public boolean bindsParameters() {
        return true;
    }

    /**
     * Devices as integers where the key is the series number (mxbench's {@code tag_id}), else as the key's text
     * (TSBS's {@code hostname}); times as {@code timestamp} (the column holds UTC), the threshold in the metric's type,
     * the choice as text.
     */
    @Override
    public void bind(PreparedStatement ps, int index, String name, int tagIndex, QueryParams p, SeriesSchema schema)
            throws SQLException {
        switch (name) {
            case "tag" -> {
                if (schema.tags().isSeriesNumber()) {
                    ps.setInt(index, (int) p.tag());
                } else {
                    ps.setString(index, p.key());
                }
            }
            case "tags" -> {
                if (schema.tags().isSeriesNumber()) {
                    ps.setInt(index, (int) p.tag(tagIndex));
                } else {
                    ps.setString(index, p.key(tagIndex));
                }
            }
            case "start" -> ps.setObject(index, LocalDateTime.ofEpochSecond(Math.floorDiv(p.startMicros(), 1_000_000L),
                    (int) Math.floorMod(p.startMicros(), 1_000_000L) * 1000, ZoneOffset.UTC));
            case "end" -> ps.setObject(index, LocalDateTime.ofEpochSecond(Math.floorDiv(p.endMicros(), 1_000_000L),
                    (int) Math.floorMod(p.endMicros(), 1_000_000L) * 1000, ZoneOffset.UTC));
            case "threshold" -> {
                if (schema.metricType().integral()) {
                    ps.setLong(index, (long) p.threshold());
                } else {
                    ps.setDouble(index, p.threshold());
                }
            }
            case "choice" -> ps.setString(index, p.choice());
            default -> throw new IllegalStateException(name);
        }
    }
}
