package io.dbharness.iot;

import io.dbharness.core.api.AnswerDigest;
import io.dbharness.core.api.Generator;
import io.dbharness.core.api.QueryReader;
import io.dbharness.core.api.SeriesSchema;
import io.dbharness.core.api.TargetException;
import io.dbharness.core.api.TimeSeriesQuery;
import io.dbharness.core.api.UsageException;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * The query side iot-query and iot-mixed share: the run's queries compiled for the target, the table made
 * ready for them (index, statistics), their plans ({@code --explain}), the kept answers and the facts for the
 * result.
 */
final class QueryPart {

    private final IotOptions data;
    private final Generator model;
    private final QueryOptions options;
    private QuerySet queries;
    private Map<String, String> plans = Map.of();
    private String queryDdl;

    QueryPart(IotOptions data, Generator model, QueryOptions options) {
        this.data = data;
        this.model = model;
        this.options = options;
    }

    /** Compiles every query for the target; one it has no text for is refused here, before anything runs. */
    void compile(TimeSeriesQuery query, String product) {
        queries = QuerySet.compile(query.language(), product, data, model, options);
    }

    /**
     * The table ready for the queries (and the model's other tables the run's queries read: TSBS's trucks are
     * queried in both of theirs), then each query's plan when {@code --explain} asks for it.
     */
    void ready(TimeSeriesQuery query, String product, SeriesSchema schema) throws TargetException {
        List<String> ddl = new ArrayList<>();
        query.prepareForQueries(schema).ifPresent(ddl::add);
        for (Generator other : model.parts().subList(1, model.parts().size())) {
            String table = other.schema().tableName();
            if (options.weights().keySet().stream().anyMatch(n -> options.catalogue().query(n)
                    .map(q -> table.equals(q.table())).orElse(false))) {
                query.prepareForQueries(other.schema()).ifPresent(ddl::add);
            }
        }
        queryDdl = ddl.isEmpty() ? null : String.join(";\n", ddl);
        if (!options.explain()) {
            return;
        }
        try (QueryReader reader = query.openReader()) {
            plans = queries.explain(reader);
        }
        if (plans.isEmpty()) { // a target that gives none is refused rather than ignored
            throw new UsageException(product + " gives no query plans: leave out --explain");
        }
    }

    QuerySet queries() {
        return queries;
    }

    List<AnswerDigest> answers() {
        return queries == null ? List.of() : queries.answers();
    }

    Map<String, String> plans() {
        return plans;
    }

    /**
     * The queries, their weights and texts, the statement that made the table ready, the answers kept and the CPU
     * time of their digests.
     */
    void describe(Map<String, String> m) {
        m.put("queries", String.join(",", options.weights().entrySet().stream()
                .map(e -> e.getKey() + ":" + e.getValue()).toList()));
        m.put("queryTags", Integer.toString(options.queryTags()));
        if (queries != null) {
            for (QuerySet.Planned q : queries.planned()) {
                m.put("query." + q.name(), q.compiled().text());
            }
            m.put("keptAnswers", Integer.toString(options.keptAnswers()));
            // the digests run on a thread of their own: their share of the harness's CPU, in seconds
            queries.digestCpuSeconds().ifPresent(s -> m.put(AnswerDigest.DIGEST_CPU_DETAIL, String.format(Locale.ROOT, "%.4f", s)));
        }
        if (queryDdl != null) {
            m.put("queryDdl", queryDdl);
        }
    }
}
