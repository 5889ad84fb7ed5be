package io.dbharness.iot;

import io.dbharness.core.api.Capability;
import io.dbharness.core.api.Generator;
import io.dbharness.core.api.GeneratorProvider;
import io.dbharness.core.api.Shard;
import io.dbharness.core.api.UsageException;
import io.dbharness.core.api.TimeSeriesIngest;
import io.dbharness.core.api.Workload;
import io.dbharness.core.api.WorkloadProvider;
import io.dbharness.core.config.Option;
import io.dbharness.core.config.OptionDef;
import io.dbharness.core.config.RunOptions;
import io.dbharness.core.config.Settings;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;

/** Registers {@code iot-insert}. */
public final class IotInsertProvider implements WorkloadProvider {

    @Override
    public String id() {
        return "iot-insert";
    }

    @Override
    public java.util.List<io.dbharness.core.api.SearchAxis> searchAxes() {
        return IotOptions.SEARCH_AXES;
    }

    @Override
    public String description() {
        return "Time-series ingest (mxbench): a data model's rows (--generator: telematics, devops, trucks, template, events,"
                + " file) in batches";
    }

    /** The shared options, {@code --generator}, then every model's own (a model refuses another's, see {@link #create}). */
    @Override
    public List<OptionDef> options() {
        return withModels(IotOptions.OPTIONS);
    }

    /** {@code base}, {@code --generator}, then every model's own options not in {@code base}. */
    static List<OptionDef> withModels(List<OptionDef> base) {
        List<OptionDef> all = new ArrayList<>(base);
        all.add(GENERATOR);
        Set<String> seen = new HashSet<>();
        all.forEach(o -> seen.add(o.name()));
        for (GeneratorProvider g : GeneratorProvider.all()) {
            g.options().stream().filter(o -> seen.add(o.name())).forEach(all::add);
        }
        return List.copyOf(all);
    }

    /** The run's data: the model {@code --generator} names and the shared options sized for it. */
    record Data(IotOptions options, Generator generator) {
    }

    /**
     * @param workersOption the option that says how many workers write
     * @param ratePacesRows whether {@code --rate} is rows per second (not iot-query's queries)
     */
    static Data data(Settings settings, Option<Integer> workersOption, boolean ratePacesRows) {
        GeneratorProvider chosen = GeneratorProvider.named(settings.string("generator"));
        refuseOthersOptions(settings, chosen);
        Generator generator = chosen.create(settings);
        if (generator instanceof TelematicsModel) { // telematics' options are the workload's
            IotOptions options = IotOptions.from(settings, workersOption, ratePacesRows);
            return new Data(options, new TelematicsModel(options));
        }
        // another model sizes the batches by its own fields
        return new Data(IotOptions.from(settings, workersOption, ratePacesRows, generator.schema().metricCount()),
                generator);
    }

    static final OptionDef GENERATOR = OptionDef.of("generator", "NAME", TelematicsProvider.NAME,
            "Data model: telematics (mxbench), devops (TSBS), trucks (TSBS iot), template (influx-stress), events"
                    + " (MaibornWolff), file (your CSV or line-protocol rows); see 'runner list'");

    @Override
    public Set<Class<? extends Capability>> requires() {
        return Set.of(TimeSeriesIngest.class);
    }

    /** Every write is an {@code insert}, whatever the model and its tables. */
    @Override
    public java.util.Optional<Set<String>> operationTypes(Settings settings) {
        return java.util.Optional.of(Set.of("insert"));
    }

    @Override
    public Workload create(Settings settings) {
        return create(settings, null);
    }

    @Override
    public Workload create(Settings settings, Shard shard) {
        Data data = data(settings, RunOptions.WORKERS, true);
        return new IotInsertWorkload(data.options(), data.generator(), shard);
    }

    @Override
    public Map<String, String> recorded(Settings settings, Map<String, String> masked) {
        return recordedFor(settings, masked);
    }

    /**
     * What iot workloads record: not the options of the models that did not generate, and for a model other than
     * telematics not the shared time range and table name it was not given (it has defaults of its own, which
     * the result's workload facts state).
     */
    static Map<String, String> recordedFor(Settings settings, Map<String, String> masked) {
        GeneratorProvider chosen = GeneratorProvider.named(settings.string("generator"));
        Set<String> own = new HashSet<>();
        chosen.options().forEach(o -> own.add(o.name()));
        Map<String, String> out = new TreeMap<>(masked);
        for (GeneratorProvider other : GeneratorProvider.all()) {
            other.options().stream().map(OptionDef::name).filter(n -> !own.contains(n)).forEach(out::remove);
        }
        if (!chosen.name().equals(TelematicsProvider.NAME)) {
            for (String shared : List.of("ts-start", "ts-end", "table-name")) {
                if (!settings.isSet(shared)) {
                    out.remove(shared);
                }
            }
        }
        return out;
    }

    /**
     * An option of another model, set to a value of its own for this one, would be silently ignored: it is refused
     * instead. Its default (as a config file of every option, {@code runner config}, spells it) changes nothing.
     */
    static void refuseOthersOptions(Settings settings, GeneratorProvider chosen) {
        Set<String> own = new HashSet<>();
        chosen.options().forEach(o -> own.add(o.name()));
        for (GeneratorProvider other : GeneratorProvider.all()) {
            for (OptionDef o : other.options()) {
                if (!own.contains(o.name()) && IotOptions.given(settings, o.name())) {
                    throw new UsageException("--" + o.name() + " is an option of --generator " + other.name()
                            + ", and this run generates " + chosen.name() + ": add --generator " + other.name()
                            + " or drop --" + o.name());
                }
            }
        }
    }
}
