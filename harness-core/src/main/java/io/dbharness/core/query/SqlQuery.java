package io.dbharness.core.query;

import io.dbharness.core.api.CompiledQuery;
import io.dbharness.core.api.QueryParams;
import io.dbharness.core.api.QueryShape;
import io.dbharness.core.api.QueryTemplate;
import io.dbharness.core.api.SeriesSchema;

import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Collectors;
import java.util.stream.IntStream;

/**
 * A query compiled for an SQL target: the fixed placeholders written in, the parameters as bind markers (in
 * order) or kept for literals.
 */
public final class SqlQuery implements CompiledQuery {

    private record Slot(String name, int tagIndex) {
    }

    private final String name;
    private final String text;
    private final QueryTemplate parameters;
    private final List<Slot> slots;
    private final SqlStyle style;
    private final SeriesSchema schema;

    private SqlQuery(String name, String text, QueryTemplate parameters, List<Slot> slots, SqlStyle style,
                     SeriesSchema schema) {
        this.name = name;
        this.text = text;
        this.parameters = parameters;
        this.slots = slots;
        this.style = style;
        this.schema = schema;
    }

    public static SqlQuery compile(String name, QueryTemplate template, QueryShape shape, SqlStyle style) {
        SeriesSchema schema = shape.schema();
        QueryTemplate t = template.fixed(p -> switch (p) {
            case "table" -> style.identifier(schema.tableName());
            case "metric" -> style.identifier(schema.fieldName(shape.metric()));
            case "metrics" -> IntStream.range(0, schema.columnMetrics())
                    .mapToObj(i -> style.identifier(schema.fieldName(i))).collect(Collectors.joining(", "));
            case "time" -> style.identifier(schema.timeColumn());
            case "key" -> style.identifier(schema.keyColumns().get(0));
            default -> throw new IllegalStateException(p);
        });
        if (!style.bindsParameters()) {
            return new SqlQuery(name, t.text(), t, List.of(), style, schema);
        }
        List<Slot> slots = new ArrayList<>();
        String sql = t.fill(p -> {
            if (p.equals("tags")) {
                for (int i = 0; i < shape.tagCount(); i++) {
                    slots.add(new Slot(p, i));
                }
                return String.join(", ", java.util.Collections.nCopies(shape.tagCount(), "?"));
            }
            slots.add(new Slot(p, 0));
            return "?";
        });
        return new SqlQuery(name, sql, t, List.copyOf(slots), style, schema);
    }

    @Override
    public String name() {
        return name;
    }

    /** With bind markers the SQL as prepared; with literals the template, parameters still in braces. */
    @Override
    public String text() {
        return text;
    }

    @Override
    public String template() {
        return parameters.text();
    }

    boolean binds() {
        return style.bindsParameters();
    }

    /** The SQL with this instance's literals written in; for targets that take no bind markers. */
    String literalSql(QueryParams p) {
        return parameters.fill(name -> style.literal(name, p, schema));
    }

    void bind(PreparedStatement ps, QueryParams p) throws SQLException {
        for (int i = 0; i < slots.size(); i++) {
            Slot s = slots.get(i);
            style.bind(ps, i + 1, s.name(), s.tagIndex(), p, schema);
        }
    }

    String explainSql(QueryParams p) {
        return style.explain(binds() ? text : literalSql(p));
    }

    @Override
    public String toString() {
        return name + ": " + text;
    }
}
