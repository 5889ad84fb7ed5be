package io.dbharness.influx;

import io.dbharness.core.api.CompiledQuery;
import io.dbharness.core.api.MetricType;
import io.dbharness.core.api.QueryParams;
import io.dbharness.core.api.QueryShape;
import io.dbharness.core.api.QueryTemplate;
import io.dbharness.core.api.SeriesSchema;

import java.util.stream.Collectors;
import java.util.stream.IntStream;

/**
 * A query compiled for InfluxDB: the fixed placeholders written in once, the parameters written as literals
 * per instance.
 */
final class InfluxStatement implements CompiledQuery {

    private final String name;
    private final QueryTemplate template;
    private final InfluxLanguage language;
    private final MetricType type;

    private InfluxStatement(String name, QueryTemplate template, InfluxLanguage language, MetricType type) {
        this.name = name;
        this.template = template;
        this.language = language;
        this.type = type;
    }

    /** @param table {@code {table}} as the language writes it (InfluxQL: with the retention policy) */
    static InfluxStatement compile(String name, QueryTemplate template, QueryShape shape, InfluxLanguage language,
                                   String table) {
        SeriesSchema schema = shape.schema();
        QueryTemplate t = template.fixed(p -> switch (p) {
            case "table" -> table;
            case "metric" -> language.name(schema.fieldName(shape.metric()));
            case "metrics" -> IntStream.range(0, schema.columnMetrics())
                    .mapToObj(i -> language.name(schema.fieldName(i))).collect(Collectors.joining(", "));
            case "time" -> language.timeColumn();
            case "key" -> language.name(schema.keyColumns().get(0));
            default -> throw new IllegalStateException(p);
        });
        return new InfluxStatement(name, t, language, schema.fieldType(shape.metric()));
    }

    @Override
    public String name() {
        return name;
    }

    /** As sent, with the parameters still in braces. */
    @Override
    public String text() {
        return template.text();
    }

    /** The text of one instance. */
    String statement(QueryParams p) {
        return template.fill(n -> language.literal(n, p, type));
    }

    @Override
    public String toString() {
        return name + ": " + text();
    }
}
