package io.dbharness.iot;

import io.dbharness.core.api.GeneratorProvider;
import io.dbharness.core.api.QueryCatalogue;
import io.dbharness.core.api.QueryLanguage;
import io.dbharness.core.config.RunOptions;
import io.dbharness.core.config.Settings;

import java.util.Optional;

/**
 * The query instances an {@code iot-query} run of given settings runs, one by one: which query, with its parameters
 * in words, exactly as the run draws them (a pure function of the seed, the data flags and the instance number).
 * What another tool's query generator prints ({@code bulk_query_gen}), and what its benchmarker checks its input
 * against before running the same instances.
 */
public final class QueryInstances {

    /**
     * @param number     the instance: the run's k-th query, from 0
     * @param query      the catalogue's name of its query ({@code single-groupby-1-1-1})
     * @param parameters its parameters as results state them: {@code tag=host_3 start=... end=...}
     */
    public record Instance(long number, String query, String parameters) {
    }

    private final QuerySet set;

    private QueryInstances(QuerySet set) {
        this.set = set;
    }

    /**
     * The instances of a run of {@code settings} (iot-query's options, resolved with the target's) on a target
     * speaking {@code language}; settings the run would refuse are refused here the same way.
     */
    public static QueryInstances plan(QueryLanguage language, String targetName, Settings settings) {
        IotInsertProvider.Data data = IotInsertProvider.data(settings, RunOptions.WORKERS, false);
        QueryOptions options = QueryOptions.from(settings, false, data);
        return new QueryInstances(QuerySet.compile(language, targetName, data.options(), data.generator(), options));
    }

    /** Instance {@code k} of the run. */
    public Instance instance(long k) {
        QuerySet.Planned q = set.pick(k);
        return new Instance(k, q.name(), q.describe(set.params(q, k)));
    }

    /** The catalogue's name of query {@code name} (itself, or the query it is an alias of) of data model {@code model}. */
    public static Optional<String> catalogueName(String model, String name) {
        return GeneratorProvider.named(model).catalogue().query(name).map(QueryCatalogue.Query::name);
    }

    /** The names of data model {@code model}'s queries, each with its aliases in parentheses: for a refusal. */
    public static String catalogueList(String model) {
        return GeneratorProvider.named(model).catalogue().list();
    }
}
