package io.dbharness.postgres;

import io.dbharness.core.api.TargetAdapter;
import io.dbharness.core.api.TargetException;
import io.dbharness.core.config.OptionDef;
import io.dbharness.core.config.RunOptions;
import io.dbharness.core.config.Settings;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/** Opens targets with explicit options and an empty environment, so PG* variables of the machine never leak in. */
final class PgTestSupport {

    private PgTestSupport() {
    }

    static Settings settings(Map<String, String> explicit) {
        List<OptionDef> defs = new ArrayList<>(new PostgresTargetProvider().options());
        defs.addAll(RunOptions.OPTIONS);
        return Settings.resolve(defs, explicit, Map.of());
    }

    static TargetAdapter open(Map<String, String> explicit) throws TargetException {
        return new PostgresTargetProvider().open(settings(explicit));
    }
}
