package io.dbharness.iot;

import io.dbharness.core.api.UsageException;
import io.dbharness.core.config.Option;
import io.dbharness.core.config.OptionDef;
import io.dbharness.core.config.Settings;
import io.dbharness.core.config.ValueType;

import java.time.Duration;
import java.time.Instant;

/**
 * What TSBS's use cases (devops, iot's trucks) share of {@code tsbs_generate_data}'s options: {@code --scale},
 * {@code --log-interval} and the time range, TSBS's 2016-01-01 to 2016-01-02 unless {@code --ts-start} /
 * {@code --ts-end} are given.
 *
 * @param epochs         points per series: {@code (end - start) / interval}, whole intervals only, as TSBS counts
 * @param intervalMicros {@code --log-interval}
 */
record TsbsTime(long scale, long startMicros, long intervalMicros, long epochs) {

    static final String TSBS_START = "2016-01-01 00:00:00";
    static final String TSBS_END = "2016-01-02 00:00:00";

    /** Each series keeps its walks' state in memory. */
    static final Option<Long> SCALE = Option.of("scale", "N", "1",
            "devops: hosts, trucks: trucks; each one point per --log-interval in each table (TSBS's --scale)",
            ValueType.longInteger(1, 1_000_000L));
    static final OptionDef LOG_INTERVAL = OptionDef.of("log-interval", "DURATION", "10s", "devops, trucks: time between"
            + " two points of a series (TSBS's --log-interval); the time range is --ts-start to --ts-end, TSBS's "
            + TSBS_START + " to " + TSBS_END + " unless given");

    static TsbsTime from(Settings s) {
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
                    + start + " to " + end + ": no series would report once");
        }
        return new TsbsTime(scale, startMicros, intervalMicros, epochs);
    }

    /** The bound after the last point. */
    long endMicros() {
        return startMicros + epochs * intervalMicros;
    }
}
