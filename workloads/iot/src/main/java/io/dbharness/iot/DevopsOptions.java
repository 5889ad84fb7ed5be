package io.dbharness.iot;

import io.dbharness.core.api.UsageException;
import io.dbharness.core.config.OptionDef;
import io.dbharness.core.config.RunOptions;
import io.dbharness.core.config.Settings;
import java.util.List;

/**
 * TSBS's devops options ({@code tsbs_generate_data}'s names and defaults), validated once.
 *
 * @param epochs         points per host: {@code (end - start) / interval}, whole intervals only, as TSBS counts
 * @param intervalMicros {@code --log-interval}
 */
record DevopsOptions(String tableName, String useCase, long scale, long startMicros, long intervalMicros, long epochs,
                     long seed) {

    static final String CPU_ONLY = "cpu-only";
    static final String DEVOPS = "devops";
    static final List<OptionDef> OPTIONS = List.of(
            OptionDef.of("use-case", "NAME", CPU_ONLY, "devops: TSBS's use case; cpu-only (measurement cpu: 10 host tags,"
                    + " 10 usage_* fields) or devops (cpu and 8 more: diskio, disk, kernel, mem, net, nginx, postgresl,"
                    + " redis; a table each)"),
            TsbsTime.SCALE.def(),
            TsbsTime.LOG_INTERVAL);

    static DevopsOptions from(Settings s) {
        String useCase = s.string("use-case");
        if (!useCase.equals(CPU_ONLY) && !useCase.equals(DEVOPS)) {
            throw s.bad("use-case", useCase, CPU_ONLY + " or " + DEVOPS);
        }
        if (useCase.equals(DEVOPS) && IotOptions.given(s, "table-name")) {
            throw new UsageException("--table-name names cpu-only's one table; --use-case devops writes TSBS's nine"
                    + " (cpu, diskio, disk, kernel, mem, net, nginx, postgresl, redis): drop --table-name");
        }
        TsbsTime t = TsbsTime.from(s);
        String table = IotOptions.given(s, "table-name") ? s.string("table-name") : "cpu";
        return new DevopsOptions(table, useCase, t.scale(), t.startMicros(), t.intervalMicros(), t.epochs(),
                s.get(RunOptions.SEED));
    }
}
