package io.dbharness.core.api;

import io.dbharness.core.config.OptionDef;
import io.dbharness.core.config.Settings;

import java.util.Comparator;
import java.util.List;
import java.util.stream.Collectors;

/**
 * Registers a data model through {@code META-INF/services/io.dbharness.core.api.GeneratorProvider} ({@link Plugins},
 * as targets and workloads are registered); {@code runner list} shows each with its options.
 */
public interface GeneratorProvider {

    /** The {@code --generator} value. */
    String name();

    String description();

    /** Options of this model only; the workload's own (table, time range, seed) are shared by every model. */
    List<OptionDef> options();

    /** Validates the settings and builds the model; a bad value is a {@link UsageException}. */
    Generator create(Settings settings);

    /**
     * The model's query catalogue: the queries iot-query runs over its data, each target giving its own text of each
     * ({@link QueryLanguage#catalogueTemplate}). Empty by default: such a model runs {@code --query-file}'s queries only.
     */
    default QueryCatalogue catalogue() {
        return new QueryCatalogue(name());
    }

    /** Every model on the class path, by name. */
    static List<GeneratorProvider> all() {
        return Plugins.load(GeneratorProvider.class, "generator", g -> List.of(g.name())).stream()
                .sorted(Comparator.comparing(GeneratorProvider::name)).toList();
    }

    /** The model called {@code name}; an unknown one is refused naming the others. */
    static GeneratorProvider named(String name) {
        List<GeneratorProvider> all = all();
        return all.stream().filter(g -> g.name().equals(name)).findFirst().orElseThrow(() -> new UsageException(
                "unknown --generator '" + name + "'; valid generators: "
                        + all.stream().map(GeneratorProvider::name).collect(Collectors.joining(", "))));
    }
}
