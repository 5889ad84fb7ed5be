package io.dbharness.iot;

import io.dbharness.core.api.GeneratorProvider;
import io.dbharness.core.api.QueryCatalogue;
import io.dbharness.core.api.UsageException;
import io.dbharness.core.config.Option;
import io.dbharness.core.config.OptionDef;
import io.dbharness.core.config.RunOptions;
import io.dbharness.core.config.Settings;
import io.dbharness.core.config.ValueType;

import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalLong;

/**
 * The query side's options, validated once.
 *
 * @param weights    query name to weight, in the order given
 * @param queryCount queries to run in all; empty when {@code --duration} ends the run
 * @param queryTags  devices {@code multi-tag-latest} (and {@code {tags}} in a query file) names
 * @param catalogue  the data model's queries, which {@code weights} names (aliases resolved) beside the file's
 * @param keptAnswers instances (the first ones) whose answers the result keeps for {@code compare --answers}
 * @param warmup     iot-query: how long queries run before the measured run (zero: none)
 */
record QueryOptions(Map<String, Integer> weights, OptionalLong queryCount, int queryTags, boolean load,
                    Optional<QueryFile> file, boolean explain, QueryCatalogue catalogue, int keptAnswers,
                    Duration warmup) {

    static final long DEFAULT_QUERY_COUNT = 1000;

    static final Option<Integer> QUERY_TAGS = Option.of("query-tags", "N", "10",
            "Devices multi-tag-latest (and {tags} in a query file) asks for", ValueType.integer(1, 10_000));
    static final Option<Integer> KEPT_ANSWERS = Option.of("kept-answers", "N", "1000",
            "Query instances (the first N) whose answers the result keeps for compare --answers; 0 keeps none",
            ValueType.integer(0, 1_000_000));
    static final Option<Boolean> EXPLAIN = Option.flag("explain", "Record each query's plan (EXPLAIN) in the result");
    static final Option<Long> QUERY_COUNT = Option.of("query-count", "N", null,
            "Queries to run in all; default " + DEFAULT_QUERY_COUNT + ", or as many as --duration allows",
            ValueType.longInteger(1, Long.MAX_VALUE));
    static final Option<Boolean> LOAD = Option.flag("load", "First load the data with iot-insert and the same flags, into an empty table");

    /** Options iot-query and iot-mixed share. */
    static final List<OptionDef> COMMON = List.of(
            OptionDef.of("queries", "NAME[:WEIGHT],...", "all",
                    "Queries to run, with optional weights (single-tag-detail:3,stats:1); 'all' runs the whole catalogue"
                            + " of the --generator's model (runner queries lists it)"),
            QUERY_TAGS.def(),
            OptionDef.of("query-file", "FILE", null,
                    "YAML file of queries of your own: a name and a text per language with the catalogue's placeholders"),
            EXPLAIN.def(),
            KEPT_ANSWERS.def());

    /** iot-query's own. */
    static final List<OptionDef> QUERY_ONLY = Option.defs(List.of(QUERY_COUNT, LOAD, RunOptions.WARMUP));

    /** @param mixed iot-mixed: queries run until the ingest and its idle phase end, never --load */
    static QueryOptions from(Settings s, boolean mixed) {
        return from(s, mixed, Catalogues.TELEMATICS);
    }

    /** The options over {@code data}'s model's catalogue. */
    static QueryOptions from(Settings s, boolean mixed, IotInsertProvider.Data data) {
        return from(s, mixed, GeneratorProvider.named(data.generator().name()).catalogue());
    }

    static QueryOptions from(Settings s, boolean mixed, QueryCatalogue catalogue) {
        Optional<QueryFile> file = s.optional("query-file").map(f -> QueryFile.read(Path.of(f), catalogue));
        Map<String, Integer> weights = weights(s.string("queries"), file, catalogue);
        if (mixed) {
            return new QueryOptions(weights, OptionalLong.empty(), s.get(QUERY_TAGS), false, file, s.get(EXPLAIN), catalogue,
                    s.get(KEPT_ANSWERS), Duration.ZERO);
        }
        OptionalLong count = s.isSet("query-count") || s.find(RunOptions.DURATION).isEmpty()
                ? OptionalLong.of(s.find(QUERY_COUNT).orElse(DEFAULT_QUERY_COUNT))
                : OptionalLong.empty();
        Duration warmup = s.find(RunOptions.WARMUP).orElse(Duration.ZERO);
        if (!warmup.isZero() && count.isPresent()) {
            // a count would take the warm-up's queries out of the measured run's share
            throw new UsageException("--warmup needs --duration: with a count of queries the warm-up's would be part of it");
        }
        return new QueryOptions(weights, count, s.get(QUERY_TAGS), s.get(LOAD), file, s.get(EXPLAIN), catalogue,
                s.get(KEPT_ANSWERS), warmup);
    }

    static Map<String, Integer> weights(String text, Optional<QueryFile> file) {
        return weights(text, file, Catalogues.TELEMATICS);
    }

    /**
     * {@code a:3,b,c:1}; {@code all} is the catalogue plus the file's queries, each weight 1. An alias
     * ({@code 1-host-1-hr}) stands for its query's own name, which the run reports.
     */
    static Map<String, Integer> weights(String text, Optional<QueryFile> file, QueryCatalogue catalogue) {
        Map<String, Integer> out = new LinkedHashMap<>();
        if (text.strip().equals("all")) {
            catalogue.queries().forEach(q -> out.put(q.name(), 1));
            file.ifPresent(f -> f.queries().keySet().forEach(n -> out.put(n, 1)));
            if (out.isEmpty()) {
                throw new UsageException("--generator " + catalogue.model() + " has no catalogue of queries: give your"
                        + " own with --query-file (workloads/iot/README.md, Query files)");
            }
            return out;
        }
        for (String part : text.split(",", -1)) {
            String p = part.strip();
            String name = p;
            int weight = 1;
            int colon = p.lastIndexOf(':');
            if (colon >= 0) {
                name = p.substring(0, colon).strip();
                try {
                    weight = Integer.parseInt(p.substring(colon + 1).strip());
                } catch (NumberFormatException e) {
                    weight = -1;
                }
                if (weight < 1 || weight > 1_000_000) {
                    throw new UsageException("invalid weight in --queries '" + p + "': expected NAME:WEIGHT with a"
                            + " whole number from 1 to 1000000");
                }
            }
            if (name.isEmpty()) {
                throw new UsageException("--queries '" + text + "' has an empty entry; expected NAME[:WEIGHT],...");
            }
            String n = name;
            boolean inFile = file.map(f -> f.queries().containsKey(n)).orElse(false);
            if (!inFile && catalogue.query(name).isEmpty()) {
                String list = catalogue.queries().isEmpty() ? "none, give them with --query-file" : catalogue.list();
                throw new UsageException("unknown query '" + name + "' in --queries; valid queries (--generator "
                        + catalogue.model() + "): " + list + file.map(f -> (f.queries().isEmpty() ? "" : ", and from --query-file: "
                        + String.join(", ", f.queries().keySet()))).orElse(""));
            }
            if (!inFile) {
                name = catalogue.query(name).orElseThrow().name();
            }
            if (out.put(name, weight) != null) {
                throw new UsageException("query '" + name + "' appears twice in --queries");
            }
        }
        return out;
    }

    List<String> names() {
        return new ArrayList<>(weights.keySet());
    }

    /** The window of a query file's query; the catalogue's queries carry their own. */
    Duration fileWindow(String name) {
        return file.orElseThrow().queries().get(name).window();
    }
}
