package io.dbharness.iot;

import io.dbharness.core.api.Generator;
import io.dbharness.core.api.GeneratorProvider;
import io.dbharness.core.api.QueryCatalogue;
import io.dbharness.core.config.OptionDef;
import io.dbharness.core.config.Settings;

import java.util.List;

/** Registers {@code --generator events}: MaibornWolff's database-performance-comparison model. */
public final class EventsProvider implements GeneratorProvider {

    static final String NAME = "events";

    @Override
    public String name() {
        return NAME;
    }

    @Override
    public String description() {
        return "MaibornWolff's events: device_id, sequence_number, temperature; an id the database fills (--primary-key)";
    }

    @Override
    public List<OptionDef> options() {
        return EventsOptions.OPTIONS;
    }

    @Override
    public Generator create(Settings settings) {
        return new EventsModel(EventsOptions.from(settings));
    }

    @Override
    public QueryCatalogue catalogue() {
        return Catalogues.EVENTS;
    }
}
