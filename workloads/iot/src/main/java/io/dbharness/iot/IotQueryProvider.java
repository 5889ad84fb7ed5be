package io.dbharness.iot;

import io.dbharness.core.api.Capability;
import io.dbharness.core.api.TimeSeriesIngest;
import io.dbharness.core.api.TimeSeriesQuery;
import io.dbharness.core.api.UsageException;
import io.dbharness.core.api.Workload;
import io.dbharness.core.api.WorkloadProvider;
import io.dbharness.core.config.OptionDef;
import io.dbharness.core.config.RunOptions;
import io.dbharness.core.config.Settings;

import java.util.ArrayList;
import java.util.List;
import java.util.Set;

/** Registers {@code iot-query}. */
public final class IotQueryProvider implements WorkloadProvider {

    static final List<OptionDef> OPTIONS;

    static {
        List<OptionDef> all = new ArrayList<>(IotOptions.OPTIONS);
        all.addAll(QueryOptions.COMMON);
        all.addAll(QueryOptions.QUERY_ONLY);
        OPTIONS = IotInsertProvider.withModels(all);
    }

    @Override
    public String id() {
        return "iot-query";
    }

    @Override
    public java.util.List<io.dbharness.core.api.SearchAxis> searchAxes() {
        return IotOptions.SEARCH_AXES;
    }

    @Override
    public String description() {
        return "Time-series queries over the data iot-insert loads with the same flags: each model's catalogue"
                + " (telematics: mxbench's and more; devops: TSBS's 15; events: MaibornWolff's 5; trucks: TSBS's 13 iot)";
    }

    @Override
    public List<OptionDef> options() {
        return OPTIONS;
    }

    @Override
    public java.util.Map<String, String> recorded(Settings settings, java.util.Map<String, String> masked) {
        return IotInsertProvider.recordedFor(settings, masked);
    }

    @Override
    public Set<Class<? extends Capability>> requires() {
        return Set.of(TimeSeriesQuery.class, TimeSeriesIngest.class);
    }

    /** Each query of the selection is a type of its own; --load writes before the clock, so no insert. */
    @Override
    public java.util.Optional<Set<String>> operationTypes(Settings settings) {
        IotInsertProvider.Data data = IotInsertProvider.data(settings, RunOptions.WORKERS, false);
        return java.util.Optional.of(Set.copyOf(QueryOptions.from(settings, false, data).names()));
    }

    @Override
    public java.util.Optional<String> queryTexts(io.dbharness.core.api.QueryLanguage language, String targetName,
                                                 Settings settings) {
        IotInsertProvider.Data data = IotInsertProvider.data(settings, RunOptions.WORKERS, false);
        return java.util.Optional.of(QuerySet.listing(language, targetName, data.options(), data.generator(),
                QueryOptions.from(settings, false, data)));
    }

    @Override
    public Workload create(Settings settings) {
        return create(settings, null);
    }

    @Override
    public Workload create(Settings settings, io.dbharness.core.api.Shard shard) {
        if (settings.get(IotOptions.LIVE)) {
            throw new UsageException("--live writes while it runs; iot-query reads loaded data (use iot-mixed to query during ingest)");
        }
        IotInsertProvider.Data data = IotInsertProvider.data(settings, RunOptions.WORKERS, false);
        QueryOptions queries = QueryOptions.from(settings, false, data);
        if (queries.load() && settings.get(IotOptions.APPEND)) {
            throw new UsageException("--load writes the data the queries expect into an empty table; with --append it"
                    + " would add a second copy: use --clean, or load with iot-insert");
        }
        if (!queries.load() && (settings.get(IotOptions.CLEAN) || settings.get(IotOptions.APPEND))) {
            throw new UsageException("--clean and --append choose how --load writes; without --load iot-query writes nothing");
        }
        return new IotQueryWorkload(data.options(), data.generator(), queries, settings.get(RunOptions.WORKERS),
                shard);
    }
}
