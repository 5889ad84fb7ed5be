package io.dbharness.influx;

import io.dbharness.core.api.MetricType;
import io.dbharness.core.api.QueryParams;
import io.dbharness.core.dialect.StatementTexts;

import java.math.BigDecimal;
import java.time.Instant;
import java.util.List;
import java.util.Locale;
import java.util.Optional;

/**
 * InfluxDB's two query languages, InfluxQL (the v1 API's {@code /query}) and Flux (the v2 API's), with their
 * catalogue texts ({@code <language>/<query>.<language>} beside this class) and how each writes the
 * catalogue's placeholders. Parameters go in as literals: neither API has statements prepared once and
 * run many times.
 */
enum InfluxLanguage {

    /** Identifiers double-quoted, a tag value a string, {@code {tags}} a regular expression, times RFC3339 strings. */
    INFLUXQL {
        @Override
        String name(String identifier) {
            return InfluxQl.ident(identifier);
        }

        @Override
        String tag(String key) {
            return "'" + key.replace("\\", "\\\\").replace("'", "\\'") + "'";
        }

        /** The keys as alternatives of one regular expression, each matched literally. */
        @Override
        String tags(QueryParams p) {
            StringBuilder sb = new StringBuilder("/^(");
            for (int i = 0; i < p.tagCount(); i++) {
                sb.append(i == 0 ? "" : "|");
                for (char c : p.key(i).toCharArray()) {
                    if ("\\.^$|?*+()[]{}/".indexOf(c) >= 0) {
                        sb.append('\\');
                    }
                    sb.append(c);
                }
            }
            return sb.append(")$/").toString();
        }

        @Override
        String time(long micros) {
            return "'" + instant(micros) + "'";
        }
    },

    /** Names and tag values as string literals, {@code {tags}} an array of them, times as time literals. */
    FLUX {
        @Override
        String name(String identifier) {
            return fluxString(identifier);
        }

        @Override
        String tag(String key) {
            return fluxString(key);
        }

        @Override
        String tags(QueryParams p) {
            StringBuilder sb = new StringBuilder("[");
            for (int i = 0; i < p.tagCount(); i++) {
                sb.append(i == 0 ? "" : ", ").append(fluxString(p.key(i)));
            }
            return sb.append(']').toString();
        }

        @Override
        String time(long micros) {
            return instant(micros).toString();
        }
    };

    private final String id = name().toLowerCase(Locale.ROOT);
    private final StatementTexts texts = new StatementTexts(List.of("io/dbharness/influx/" + id), id,
            InfluxLanguage.class.getClassLoader());

    /** The language's name in query files and resource paths: {@code influxql}, {@code flux}. */
    String id() {
        return id;
    }

    /** The text of query {@code name} of {@code model}'s catalogue; empty when there is none. */
    Optional<String> catalogueText(String model, String name) {
        return texts.find(io.dbharness.core.api.QueryLanguage.resourceName(model, name));
    }

    /** A measurement or field name ({@code {table}}, {@code {metric}}, {@code {metrics}}). */
    abstract String name(String identifier);

    /** {@code {time}}: every point's time, whatever the model calls its time column ({@code time}, Flux's {@code _time}). */
    String timeColumn() {
        return this == INFLUXQL ? "time" : "\"_time\"";
    }

    /** {@code {tag}}: the series' key value (tag values are strings in InfluxDB). */
    abstract String tag(String key);

    abstract String tags(QueryParams p);

    abstract String time(long micros);

    /** Parameter {@code placeholder} of one query instance. */
    String literal(String placeholder, QueryParams p, MetricType type) {
        return switch (placeholder) {
            case "tag" -> tag(p.key());
            case "tags" -> tags(p);
            case "start" -> time(p.startMicros());
            case "end" -> time(p.endMicros());
            case "threshold" -> threshold(p.threshold(), type);
            case "choice" -> tag(p.choice()); // a tag's value (TSBS's fleet)
            default -> throw new IllegalStateException(placeholder);
        };
    }

    /** An integer for integer metrics (Flux refuses to compare an int with a float), else a decimal with a point. */
    static String threshold(double value, MetricType type) {
        if (type.integral()) {
            return Long.toString((long) value);
        }
        String s = BigDecimal.valueOf(value).toPlainString();
        return s.contains(".") ? s : s + ".0";
    }

    /** A Flux string literal: backslash, double quote and the interpolation {@code ${} escaped. */
    static String fluxString(String s) {
        return '"' + s.replace("\\", "\\\\").replace("\"", "\\\"").replace("${", "\\${") + '"';
    }

    private static Instant instant(long micros) {
        return Instant.ofEpochSecond(Math.floorDiv(micros, 1_000_000L), Math.floorMod(micros, 1_000_000L) * 1000);
    }
}
