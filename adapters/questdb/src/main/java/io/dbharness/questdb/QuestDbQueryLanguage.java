package io.dbharness.questdb;

import io.dbharness.core.api.CompiledQuery;
import io.dbharness.core.api.QueryLanguage;
import io.dbharness.core.api.QueryParams;
import io.dbharness.core.api.QueryShape;
import io.dbharness.core.api.QueryTemplate;
import io.dbharness.core.api.SeriesSchema;
import io.dbharness.core.dialect.StatementTexts;
import io.dbharness.core.encode.TimestampText;
import io.dbharness.core.query.SqlQuery;
import io.dbharness.core.query.SqlStyle;

import java.math.BigDecimal;
import java.util.List;
import java.util.Optional;
import java.util.stream.Collectors;
import java.util.stream.IntStream;

/**
 * QuestDB's query texts: the catalogue's SQL from {@code sql/query/<name>.sql} in QuestDB's idioms (LATEST ON,
 * SAMPLE BY), parameters written as literals. QuestDB plans by text and caches plans by text itself; bind
 * markers for timestamps over its wire are a risk the literals avoid.
 */
final class QuestDbQueryLanguage implements QueryLanguage, SqlStyle {

    private static final StatementTexts DIALECT = StatementTexts.sql(QuestDbQueryLanguage.class.getClassLoader(),
            "io/dbharness/questdb/sql");

    @Override
    public List<String> languages() {
        return List.of("questdb", "sql");
    }

    @Override
    public Optional<String> catalogueTemplate(String model, String name) {
        return DIALECT.find("query/" + QueryLanguage.resourceName(model, name));
    }

    @Override
    public CompiledQuery compile(String name, QueryTemplate template, QueryShape shape) {
        return SqlQuery.compile(name, template, shape, this);
    }

    @Override
    public String identifier(String name) {
        return QuestDbTables.quote(name);
    }

    @Override
    public boolean bindsParameters() {
        return false;
    }

    /** Devices as their key's text (tags are SYMBOLs), times as ISO UTC strings, the threshold in the metric's type, the choice as text. */
    @Override
    public String literal(String name, QueryParams p, SeriesSchema schema) {
        return switch (name) {
            case "tag" -> string(p.key());
            case "tags" -> IntStream.range(0, p.tagCount()).mapToObj(i -> string(p.key(i))).collect(Collectors.joining(", "));
            case "start" -> time(p.startMicros());
            case "end" -> time(p.endMicros());
            case "threshold" -> schema.metricType().integral() ? Long.toString((long) p.threshold())
                    : BigDecimal.valueOf(p.threshold()).toPlainString();
            case "choice" -> string(p.choice());
            default -> throw new IllegalStateException(name);
        };
    }

    /** A string literal: quotes doubled. */
    static String string(String s) {
        return "'" + s.replace("'", "''") + "'";
    }

    static String time(long micros) {
        return "'" + TimestampText.iso(micros) + "'";
    }
}
