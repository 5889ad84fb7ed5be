package io.dbharness.iot;

import io.dbharness.core.api.UsageException;
import io.dbharness.core.config.Option;
import io.dbharness.core.config.OptionDef;
import io.dbharness.core.config.RunOptions;
import io.dbharness.core.config.Settings;
import io.dbharness.core.config.ValueType;

import java.time.Duration;
import java.time.Instant;
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
    /** TSBS's default time range, used when --ts-start / --ts-end are not given. */
    static final String TSBS_START = "2016-01-01 00:00:00";
    static final String TSBS_END = "2016-01-02 00:00:00";

    /** Each host keeps its walks' state in memory. */
    private static final Option<Long> SCALE = Option.of("scale", "HOSTS", "1",
            "devops: hosts, each one point per --log-interval (TSBS's --scale)", ValueType.longInteger(1, 1_000_000L));

    static final List<OptionDef> OPTIONS = List.of(
            OptionDef.of("use-case", "NAME", CPU_ONLY, "devops: TSBS's use case; cpu-only (measurement cpu: 10 host tags,"
                    + " 10 usage_* fields) or devops (cpu and 8 more: diskio, disk, kernel, mem, net, nginx, postgresl,"
                    + " redis; a table each)"),
            SCALE.def(),
            OptionDef.of("log-interval", "DURATION", "10s", "devops: time between two points of a host (TSBS's --log-interval);"
                    + " the time range is --ts-start to --ts-end, TSBS's " + TSBS_START + " to " + TSBS_END + " unless given"));

    static DevopsOptions from(Settings s) {
        String useCase = s.string("use-case");
        if (!useCase.equals(CPU_ONLY) && !useCase.equals(DEVOPS)) {
            throw s.bad("use-case", useCase, CPU_ONLY + " or " + DEVOPS);
        }
        if (useCase.equals(DEVOPS) && IotOptions.given(s, "table-name")) {
            throw new UsageException("--table-name names cpu-only's one table; --use-case devops writes TSBS's nine"
                    + " (cpu, diskio, disk, kernel, mem, net, nginx, postgresl, redis): drop --table-name");
        }
        long scale = s.get(SCALE);
        Duration interval = s.duration("log-interval").orElseThrow();
        if (interval.toNanos() % 1000 != 0) {
            throw s.bad("log-interval", s.string("log-interval"), "a whole number of microseconds");
        }
        Instant start = IotOptions.given(s, "ts-start") ? IotOptions.withinRange(s, "ts-start")
                : Instant.parse("2016-01-01T00:00:00Z");
        Instant end = IotOptions.given(s, "ts-end") ? IotOptions.withinRange(s, "ts-end")
                : Instant.parse("2016-01-02T00:00:00Z");
        if (!end.isAfter(start)) {
            throw new UsageException("--ts-end (" + end + (IotOptions.given(s, "ts-end") ? "" : ", TSBS's default")
                    + ") must be after --ts-start (" + start + (IotOptions.given(s, "ts-start") ? "" : ", TSBS's default")
                    + "); give both");
        }
        long intervalMicros = interval.toNanos() / 1000;
        long startMicros = Math.multiplyExact(start.getEpochSecond(), 1_000_000L) + start.getNano() / 1000;
        long endMicros = Math.multiplyExact(end.getEpochSecond(), 1_000_000L) + end.getNano() / 1000;
        long epochs = (endMicros - startMicros) / intervalMicros;
        if (epochs < 1) {
            throw new UsageException("--log-interval " + s.string("log-interval") + " is longer than the time range "
                    + start + " to " + end + ": no host would report once");
        }
        String table = IotOptions.given(s, "table-name") ? s.string("table-name") : "cpu";
        return new DevopsOptions(table, useCase, scale, startMicros, intervalMicros, epochs,
                s.get(RunOptions.SEED));
    }
}
