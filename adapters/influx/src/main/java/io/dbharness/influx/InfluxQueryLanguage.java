package io.dbharness.influx;

import io.dbharness.core.api.CompiledQuery;
import io.dbharness.core.api.QueryLanguage;
import io.dbharness.core.api.QueryShape;
import io.dbharness.core.api.QueryTemplate;

import java.util.List;
import java.util.Optional;

/** The query texts of one InfluxDB language for a target's settings; needs no connection ({@code runner queries}). */
final class InfluxQueryLanguage implements QueryLanguage {

    private final InfluxConfig config;
    private final InfluxLanguage language;

    InfluxQueryLanguage(InfluxConfig config, InfluxLanguage language) {
        this.config = config;
        this.language = language;
    }

    @Override
    public List<String> languages() {
        return List.of(language.id());
    }

    @Override
    public Optional<String> catalogueTemplate(String model, String name) {
        return language.catalogueText(model, name);
    }

    /** InfluxQL names the retention policy the writes go to; Flux texts read the bucket named {@code bucket}. */
    @Override
    public CompiledQuery compile(String name, QueryTemplate template, QueryShape shape) {
        String measurement = shape.schema().tableName();
        if (language == InfluxLanguage.INFLUXQL) {
            return InfluxStatement.compile(name, template, shape, language,
                    InfluxQl.from(config.retentionPolicy(), measurement));
        }
        int at = importsEnd(template.text());
        QueryTemplate withBucket = template.insert(at, definitionLine(template.text(), at,
                "bucket = " + InfluxLanguage.fluxString(config.bucket())));
        return InfluxStatement.compile(name, withBucket, shape, language, language.name(measurement));
    }

    /** {@code definition} as a line of its own after the text's imports, which Flux wants before anything else. */
    static String defineAfterImports(String flux, String definition) {
        int after = importsEnd(flux);
        return flux.substring(0, after) + definitionLine(flux, after, definition) + flux.substring(after);
    }

    /** {@code definition} as a line of its own, to go at {@code after} (the end of the imports) of {@code flux}. */
    private static String definitionLine(String flux, int after, String definition) {
        String head = flux.substring(0, after);
        return (head.isEmpty() || head.endsWith("\n") ? "" : "\n") + definition + "\n";
    }

    /** Where the text's leading imports (and the blank and comment lines among them) end. */
    private static int importsEnd(String flux) {
        int at = 0;
        int after = 0;
        while (at < flux.length()) {
            int nl = flux.indexOf('\n', at);
            int end = nl < 0 ? flux.length() : nl + 1;
            String line = flux.substring(at, end).strip();
            if (line.startsWith("import ")) {
                after = end;
            } else if (!line.isEmpty() && !line.startsWith("//")) {
                break;
            }
            at = end;
        }
        return after;
    }
}
