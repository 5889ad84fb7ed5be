package io.dbharness.iot;

import io.dbharness.core.api.Capability;
import io.dbharness.core.api.TimeSeriesIngest;
import io.dbharness.core.api.TimeSeriesQuery;
import io.dbharness.core.api.UsageException;
import io.dbharness.core.api.Workload;
import io.dbharness.core.api.WorkloadProvider;
import io.dbharness.core.config.Option;
import io.dbharness.core.config.OptionDef;
import io.dbharness.core.config.RunOptions;
import io.dbharness.core.config.Settings;
import io.dbharness.core.config.ValueType;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;

/** Registers {@code iot-mixed}. */
public final class IotMixedProvider implements WorkloadProvider {

    static final Option<Integer> INGEST_WORKERS = Option.of("ingest-workers", "N", null,
            "iot-mixed: workers writing (default: --workers)", ValueType.integer(1, 1024));
    static final Option<Integer> QUERY_WORKERS = Option.of("query-workers", "N", "1", "iot-mixed: query clients",
            ValueType.integer(1, 1024));
    static final Option<Double> QUERY_RATE = Option.of("query-rate", "PER_SECOND", null,
            "iot-mixed: offer this many queries per second in total (open model); default: closed, flat out",
            ValueType.number(1e-3, 1e9));

    static final Option<Boolean> FRESHNESS = Option.of("freshness", "on|off", "on",
            "iot-mixed: the freshness probe, on a connection of its own: how long after a write is acknowledged a"
                    + " query sees it (operation type freshness), and the time until every written row is visible",
            ValueType.onOff());
    static final Option<Duration> FRESHNESS_INTERVAL = Option.of("freshness-interval", "DURATION", "100ms",
            "iot-mixed: how often the freshness probe takes an acknowledged batch and, while its row is not visible,"
                    + " queries for it again: one query per interval at most, and with that query's time the resolution",
            ValueType.duration(Duration.ofMillis(1)));

    static final List<OptionDef> OPTIONS;

    static {
        List<OptionDef> all = new ArrayList<>(IotOptions.OPTIONS);
        all.addAll(QueryOptions.COMMON);
        all.addAll(Option.defs(List.of(INGEST_WORKERS, QUERY_WORKERS, QUERY_RATE, FRESHNESS, FRESHNESS_INTERVAL)));
        all.add(OptionDef.of("idle-query-duration", "DURATION", "10s",
                "iot-mixed: how long the queries go on after the ingest has finished, on the same data ingest idle"));
        OPTIONS = IotInsertProvider.withModels(all);
    }

    @Override
    public String id() {
        return "iot-mixed";
    }

    @Override
    public java.util.List<io.dbharness.core.api.SearchAxis> searchAxes() {
        return IotOptions.SEARCH_AXES;
    }

    @Override
    public String description() {
        return "Ingest and queries at once (mxbench --simultaneous-loading-and-query), then queries with the ingest idle;"
                + " freshness: how long after a write is acknowledged a query sees it";
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
        return Set.of(TimeSeriesIngest.class, TimeSeriesQuery.class);
    }

    /** {@code insert}, each query under ingest, and each again as {@code <query>@idle} when there is an idle phase. */
    @Override
    public java.util.Optional<Set<String>> operationTypes(Settings settings) {
        IotInsertProvider.Data data = IotInsertProvider.data(settings, RunOptions.WORKERS, false);
        java.util.Set<String> types = new java.util.TreeSet<>();
        types.add("insert");
        List<String> names = QueryOptions.from(settings, true, data).names();
        types.addAll(names);
        if (!idle(settings).isZero()) {
            names.forEach(n -> types.add(n + IotMixedWorkload.IDLE));
        }
        if (settings.get(FRESHNESS)) {
            types.add(FreshnessProbe.TYPE);
        }
        return java.util.Optional.of(Set.copyOf(types));
    }

    /** The idle phase after the ingest: none with --live, whose ingest runs until --duration. */
    private static Duration idle(Settings settings) {
        Duration idle = settings.duration("idle-query-duration").orElseThrow();
        if (idle.isNegative()) {
            throw settings.bad("idle-query-duration", settings.string("idle-query-duration"), "a duration of 0s or more");
        }
        return settings.get(IotOptions.LIVE) ? Duration.ZERO : idle;
    }

    @Override
    public java.util.Optional<String> queryTexts(io.dbharness.core.api.QueryLanguage language, String targetName,
                                                 Settings settings) {
        IotInsertProvider.Data data = IotInsertProvider.data(settings, RunOptions.WORKERS, false);
        String listing = QuerySet.listing(language, targetName, data.options(), data.generator(),
                QueryOptions.from(settings, true, data));
        if (settings.get(FRESHNESS)) {
            // the probe's text as it runs on the model's first table (a model of several asks the batch's table)
            listing += "-- " + FreshnessProbe.TYPE + " (iot-mixed's probe: an acknowledged batch's newest row of one series,"
                    + " asked for every --freshness-interval until a query sees it)\n" + language.catalogueTemplate(
                    io.dbharness.core.api.QueryLanguage.PROBES, FreshnessProbe.TYPE).map(t -> language.compile(FreshnessProbe.TYPE,
                    io.dbharness.core.api.QueryTemplate.parse(FreshnessProbe.TYPE, t), new io.dbharness.core.api.QueryShape(
                    data.generator().parts().get(0).schema(), 0, 1)).template()).orElse("-- not available on " + targetName)
                    + "\n\n";
        }
        return java.util.Optional.of(listing);
    }

    @Override
    public Workload create(Settings settings) {
        if (settings.isSet("ingest-workers") && settings.isSet("workers")) {
            throw new UsageException("iot-mixed takes its writers from --ingest-workers and its query clients from"
                    + " --query-workers: --workers beside --ingest-workers would do nothing; give one of the two");
        }
        Option<Integer> workersOption = settings.isSet(INGEST_WORKERS.name()) ? INGEST_WORKERS : RunOptions.WORKERS;
        int ingestWorkers = settings.get(workersOption);
        int queryWorkers = settings.get(QUERY_WORKERS);
        double queryRate = settings.find(QUERY_RATE).orElse(0.0);
        Duration idle = idle(settings);
        IotInsertProvider.Data data = IotInsertProvider.data(settings, workersOption, true);
        QueryOptions queries = QueryOptions.from(settings, true, data);
        if (queries.file().isEmpty() && settings.string("queries").isBlank()) {
            throw new UsageException("--queries is empty");
        }
        return new IotMixedWorkload(data.options(), data.generator(), queries, ingestWorkers, queryWorkers,
                queryRate, idle, settings.get(FRESHNESS) ? settings.get(FRESHNESS_INTERVAL) : null,
                settings.get(RunOptions.OP_TIMEOUT));
    }
}
