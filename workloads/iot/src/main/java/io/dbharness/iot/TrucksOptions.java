package io.dbharness.iot;

import io.dbharness.core.api.UsageException;
import io.dbharness.core.config.OptionDef;
import io.dbharness.core.config.RunOptions;
import io.dbharness.core.config.Settings;

import java.util.List;

/** TSBS's iot options ({@code tsbs_generate_data --use-case iot}'s names and defaults), validated once. */
record TrucksOptions(TsbsTime time, boolean defects, long seed) {

    static final List<OptionDef> OPTIONS = List.of(TsbsTime.SCALE.def(), TsbsTime.LOG_INTERVAL,
            OptionDef.of("iot-defects", "on|off", "on", "trucks: TSBS's missing, out-of-order and zeroed data at"
                    + " its rates (on), or every point in time order with every value (off)"));

    static TrucksOptions from(Settings s) {
        if (IotOptions.given(s, "table-name")) {
            throw new UsageException("--table-name names one table; --generator trucks writes TSBS's two (readings,"
                    + " diagnostics): drop --table-name");
        }
        String defects = s.string("iot-defects");
        if (!defects.equals("on") && !defects.equals("off")) {
            throw s.bad("iot-defects", defects, "on or off");
        }
        return new TrucksOptions(TsbsTime.from(s), defects.equals("on"), s.get(RunOptions.SEED));
    }
}
