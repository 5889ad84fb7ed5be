package io.dbharness.iot;

import io.dbharness.core.api.RowId;
import io.dbharness.core.api.UsageException;
import io.dbharness.core.config.Option;
import io.dbharness.core.config.OptionDef;
import io.dbharness.core.config.RunOptions;
import io.dbharness.core.config.Settings;
import io.dbharness.core.config.ValueType;

import java.time.Instant;
import java.util.List;

/**
 * MaibornWolff's insert options (their {@code run.py insert} names), validated once.
 *
 * @param devices    devices, each writing its own events (MaibornWolff: one per worker)
 * @param perDevice  events per device ({@code --num-inserts}, per worker there)
 */
record EventsOptions(String tableName, long devices, long perDevice, RowId rowId, long startMicros, long seed) {

    /** MaibornWolff's identity cache when no batch size is given. */
    static final int DEFAULT_IDENTITY_CACHE = 100;

    /** Each device keeps its stream's state in memory. */
    private static final Option<Long> DEVICES = Option.of("devices", "N", null, "events: devices, each with its own events;"
            + " default one per --workers, as MaibornWolff runs one device per worker", ValueType.longInteger(1, 1_000_000L));
    private static final Option<Long> NUM_INSERTS = Option.of("num-inserts", "N", "10000",
            "events: events per device (MaibornWolff's --num-inserts)", ValueType.longInteger(1, 1_000_000_000L));
    private static final Option<Integer> IDENTITY_CACHE = Option.of("identity-cache", "N", null, "events: the cache of"
            + " the sql id's identity sequence; default --write-batch-rows, else 100 (MaibornWolff's batch size, 100 when it"
            + " writes row by row)", ValueType.integer(1, 1_000_000));

    static final List<OptionDef> OPTIONS = List.of(DEVICES.def(), NUM_INSERTS.def(),
            OptionDef.of("primary-key", "MODE", "db", "events: the id column the database fills: db (serial), sql"
                    + " (identity, cache = --write-batch-rows or 100), uuid, none (MaibornWolff's --primary-key); the"
                    + " default db only where the target fills ids (the PostgreSQL family), none elsewhere"),
            IDENTITY_CACHE.def());

    static EventsOptions from(Settings s) {
        long devices = s.find(DEVICES).orElseGet(() -> (long) s.get(RunOptions.WORKERS));
        long perDevice = s.get(NUM_INSERTS);
        String key = s.string("primary-key");
        boolean given = s.isSet("primary-key"); // typed, even as the default: then it is asked for
        RowId rowId = switch (key) {
            case "db" -> new RowId(RowId.Kind.SERIAL, 0, given);
            case "sql" -> new RowId(RowId.Kind.IDENTITY, s.isSet(IDENTITY_CACHE.name()) ? s.get(IDENTITY_CACHE)
                    : s.isSet("write-batch-rows") ? s.get(IotOptions.WRITE_BATCH_ROWS) : DEFAULT_IDENTITY_CACHE, given);
            case "uuid" -> new RowId(RowId.Kind.UUID, 0, given);
            case "none" -> RowId.NONE;
            case "client" -> throw new UsageException("--primary-key client (an id the client builds from device,"
                    + " time and sequence number) is not generated yet; use db, sql, uuid or none");
            default -> throw s.bad("primary-key", key, "db, sql, uuid or none");
        };
        if (s.isSet("identity-cache") && !key.equals("sql")) {
            throw new UsageException("--identity-cache is the cache of --primary-key sql's identity, not of --primary-key " + key);
        }
        if (IotOptions.given(s, "ts-end")) {
            throw new UsageException("--ts-end does not apply to --generator events: --num-inserts events per device"
                    + " from --ts-start set how long it runs");
        }
        Instant start = IotOptions.withinRange(s, "ts-start");
        long startMicros = start.getEpochSecond() * 1_000_000L + start.getNano() / 1000;
        // the longest a device's events can reach: every step the longest, 600 ms
        IotOptions.refuseLatePoints(startMicros + (perDevice - 1) * 600_000L, "--num-inserts " + perDevice + " from --ts-start");
        String table = IotOptions.given(s, "table-name") ? s.string("table-name") : "events";
        return new EventsOptions(table, devices, perDevice, rowId, startMicros,
                s.get(RunOptions.SEED));
    }
}
