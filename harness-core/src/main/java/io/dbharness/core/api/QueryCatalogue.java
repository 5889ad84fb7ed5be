package io.dbharness.core.api;

import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.stream.Collectors;

/**
 * A data model's logical queries ({@link GeneratorProvider#catalogue()}), with the names their origins use. Each
 * target has its own text of each ({@link QueryLanguage#catalogueTemplate}, resources beside its adapter); a
 * catalogue says what every text must return: which columns, by name, and what kind of value each holds, so that
 * answers from different targets can be normalised and compared.
 */
public final class QueryCatalogue {

    /** How a column's values are normalised. */
    public enum Kind {
        /** a timestamp: UTC, microseconds */
        TIME,
        /** a device id that is the series number (mxbench's {@code tag_id}) */
        TAG,
        /** a tag stored as text (TSBS's {@code hostname}, MaibornWolff's {@code device_id}) */
        TEXT,
        /** a count */
        COUNT,
        /** a stored metric value (min, max, last, detail): exact in the metric's type */
        VALUE,
        /** an average: compared through the sum it implies with the row's count, so summation order cannot matter */
        MEAN
    }

    /**
     * @param countColumn for a MEAN, the column holding the count it averages over
     * @param field       for a VALUE or MEAN, the model's field it comes from (its type); null for the run's
     *                    {@code {metric}}
     */
    public record Column(String name, Kind kind, String countColumn, String field) {
        public static Column of(String name, Kind kind) {
            return new Column(name, kind, null, null);
        }

        public static Column value(String name, String field) {
            return new Column(name, Kind.VALUE, null, field);
        }

        public static Column mean(String name, String field) {
            return new Column(name, Kind.MEAN, "count", field);
        }
    }

    /**
     * @param tags      devices named by the query: 0 none, 1 {@code {tag}}, more {@code {tags}}; -1 for
     *                  {@code --query-tags}
     * @param window    the time window {@code {start}..{end}}, empty for the whole table
     * @param metrics   whether the answer holds every metric column (a whole row) after {@code columns}
     * @param table     for a model of several tables ({@link Generator#parts()}), the one the query reads, which
     *                  {@code {table}} names and whose fields the columns come from; null for the model's first
     * @param choices   the values {@code {choice}} is drawn from per instance (TSBS's fleets); empty for none
     */
    public record Query(String name, String origin, String description, int tags, Optional<Duration> window,
                       boolean threshold, List<Column> columns, boolean metrics, String table, List<String> choices) {

        public Query {
            choices = List.copyOf(choices);
        }

        /** A query of the model's first table, without a {@code {choice}}. */
        public Query(String name, String origin, String description, int tags, Optional<Duration> window,
                     boolean threshold, List<Column> columns, boolean metrics) {
            this(name, origin, description, tags, window, threshold, columns, metrics, null, List.of());
        }
    }

    private final String model;
    private final Map<String, Query> queries = new LinkedHashMap<>();
    private final Map<String, String> aliases = new LinkedHashMap<>();

    /** An empty catalogue of {@code model}, to which its queries are added: a model without one runs --query-file's only. */
    public QueryCatalogue(String model) {
        this.model = model;
    }

    public QueryCatalogue add(Query q) {
        queries.put(q.name(), q);
        return this;
    }

    /** Another name of query {@code name} (influxdb-comparisons' names of TSBS's queries). */
    public QueryCatalogue alias(String alias, String name) {
        aliases.put(alias, Objects.requireNonNull(queries.get(name), name).name());
        return this;
    }

    public String model() {
        return model;
    }

    public List<Query> queries() {
        return List.copyOf(queries.values());
    }

    /** The query named {@code name} or by one of its aliases. */
    public Optional<Query> query(String name) {
        return Optional.ofNullable(queries.get(aliases.getOrDefault(name, name)));
    }

    /** The query named {@code name}, or a usage error listing every valid name. */
    public Query get(String name) {
        return query(name).orElseThrow(() -> new UsageException("unknown query '" + name + "'; valid queries: " + list()));
    }

    /** Other names of queries, alias to name. */
    public Map<String, String> aliases() {
        return Map.copyOf(aliases);
    }

    /** The names, each with its aliases in parentheses: what a refusal lists. */
    public String list() {
        return queries.keySet().stream().map(n -> n + aliases.entrySet().stream().filter(a -> a.getValue().equals(n))
                .map(Map.Entry::getKey).map(a -> " (" + a + ")").collect(Collectors.joining())).collect(Collectors.joining(", "));
    }
}
