package io.dbharness.iot;

import io.dbharness.core.api.MetricType;
import io.dbharness.core.api.SchemaMode;
import io.dbharness.core.api.SeriesSchema;
import io.dbharness.core.api.UsageException;
import io.dbharness.core.config.Option;
import io.dbharness.core.config.OptionDef;
import io.dbharness.core.config.RunOptions;
import io.dbharness.core.config.Settings;
import io.dbharness.core.config.ValueType;

import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Locale;
import java.util.Optional;

/**
 * The telematics generator's options, with mxbench's names and defaults, validated once.
 *
 * @param tsStartMicros   first timestamp, epoch microseconds UTC
 * @param steps           timestamps per device: {@code ceil((ts-end - ts-start) / step)}, end exclusive
 * @param rowsPerReport   {@code --generator-batch-size}: rows per device per timestamp; metrics split across them
 * @param writeBatchRows  rows per write operation
 * @param maxColumns      metrics stored as columns; the rest go into the JSON extension column
 */
public record IotOptions(String tableName, int tagNum, int metricCount, MetricType metricType, long tsStartMicros,
                         long stepMicros, long steps, int rowsPerReport, int disorderPercent, int emptyValuePercent,
                         Randomness randomness, long seed, SchemaMode schemaMode, boolean live, int writeBatchRows,
                         int maxColumns) {

    /** mxbench keeps 998 metrics as columns and the rest in JSON; PostgreSQL allows 1600 columns. */
    public static final int DEFAULT_MAX_COLUMNS = 998;
    /**
     * The default batch's row cap. A commit per batch costs a COPY about 1.3 ms on a local PostgreSQL (round trips,
     * COPY start and end, WAL fsync): at 5000 rows of 10 metrics that was a third of the time, at 20,000 a tenth
     * (benchmarks/README.md). 20,000 is also YugabyteDB's own COPY transaction size.
     */
    public static final int MAX_DEFAULT_BATCH_ROWS = 20_000;

    /** What find-max may vary for the iot workloads: the engine's rate and workers, and the devices. */
    public static final List<io.dbharness.core.api.SearchAxis> SEARCH_AXES = List.of(io.dbharness.core.api.SearchAxis.RATE,
            io.dbharness.core.api.SearchAxis.WORKERS, new io.dbharness.core.api.SearchAxis("tag-num", 1000, 1e8, true));
    static final Option<Integer> TAG_NUM = Option.of("tag-num", "N", "25000", "Devices (tags); each reports once per step",
            ValueType.integer(1, Integer.MAX_VALUE));
    static final Option<Integer> TOTAL_METRICS_COUNT = Option.of("total-metrics-count", "N", "300",
            "Metrics per device: columns c0..c(N-1)", ValueType.integer(1, 100_000));
    static final Option<MetricType> METRICS_TYPE = Option.of("metrics-type", "TYPE", "float8",
            "Type of every metric: int4|int8|float4|float8", ValueType.choice(MetricType.class));
    static final Option<Long> TS_STEP_IN_SECOND = Option.of("ts-step-in-second", "SECONDS", "1",
            "Seconds between two reports of a device", ValueType.longInteger(1, 86_400L * 365));
    static final Option<Integer> DISORDER_RATIO = Option.of("generator-disorder-ratio", "PERCENT", "0",
            "Share of device reports (0-100) delivered late, 1 to 10 steps after their timestamp", ValueType.integer(0, 100));
    static final Option<Integer> EMPTY_VALUE_RATIO = Option.of("generator-empty-value-ratio", "PERCENT", "90",
            "Share of metric values (0-100) left empty (NULL)", ValueType.integer(0, 100));
    static final Option<Randomness> RANDOMNESS = Option.of("generator-randomness", "LEVEL", "OFF",
            "How values move: OFF constant per device, S +-1%, M +-10%, L uniformly random", ValueType.choice(Randomness.class));
    static final Option<Boolean> CLEAN = Option.flag("clean", "Drop the table if it exists and create it anew");
    static final Option<Boolean> APPEND = Option.flag("append", "Write into an existing table (create it if absent)");
    static final Option<Boolean> LIVE = Option.flag("live",
            "Timestamps follow the wall clock: every device reports once per step until --duration");
    static final Option<Integer> WRITE_BATCH_ROWS = Option.of("write-batch-rows", "N", null,
            "Rows per write; default: about one million values per batch, at most 20000 rows", ValueType.integer(1, 1_000_000));
    static final Option<Integer> MAX_COLUMNS = Option.of("max-columns", "N", Integer.toString(DEFAULT_MAX_COLUMNS),
            "Metrics stored as columns; metrics past it go into one JSON column 'ext'", ValueType.integer(1, 1500));

    public static final List<OptionDef> OPTIONS = List.of(
            OptionDef.of("table-name", "NAME", "telematics", "Table (or measurement) to write: ts, tag_id, c0..cN"),
            TAG_NUM.def(), TOTAL_METRICS_COUNT.def(), METRICS_TYPE.def(),
            OptionDef.of("ts-start", "TS", "2022-04-18 09:00:00", "First timestamp (UTC unless an offset is given)"),
            OptionDef.of("ts-end", "TS", "2022-04-18 09:01:00", "End of the time range, exclusive"),
            TS_STEP_IN_SECOND.def(),
            // its range depends on --total-metrics-count: checked in from()
            OptionDef.of("generator-batch-size", "N", "1",
                    "Rows per device per timestamp; the metrics are split across them (for upsert-merging targets)"),
            DISORDER_RATIO.def(), EMPTY_VALUE_RATIO.def(), RANDOMNESS.def(), CLEAN.def(), APPEND.def(), LIVE.def(),
            WRITE_BATCH_ROWS.def(), MAX_COLUMNS.def());

    public static IotOptions from(Settings s) {
        return from(s, RunOptions.WORKERS, true);
    }

    /**
     * @param workersOption the option that says how many workers write ({@code ingest-workers} in iot-mixed)
     * @param ratePacesRows whether {@code --rate} is the ingest's rows per second (not iot-query's queries)
     */
    static IotOptions from(Settings s, Option<Integer> workersOption, boolean ratePacesRows) {
        return from(s, workersOption, ratePacesRows, 0);
    }

    /**
     * @param otherModelFields the fields of the model that generates, when not telematics: they size the default
     *                         {@code --write-batch-rows}, and that model reads the time range itself; 0 for telematics
     */
    static IotOptions from(Settings s, Option<Integer> workersOption, boolean ratePacesRows, int otherModelFields) {
        String table = s.string("table-name");
        if (table.isBlank() || table.length() > 63) {
            throw s.bad("table-name", table, "a name of 1 to 63 characters");
        }
        int tags = s.get(TAG_NUM);
        int metrics = s.get(TOTAL_METRICS_COUNT);
        MetricType type = s.get(METRICS_TYPE);
        long stepSeconds = s.get(TS_STEP_IN_SECOND);
        int perReport = s.intValue("generator-batch-size", 1, metrics);
        int disorder = s.get(DISORDER_RATIO);
        int empty = s.get(EMPTY_VALUE_RATIO);
        Randomness randomness = s.get(RANDOMNESS);
        long seed = s.get(RunOptions.SEED);
        boolean clean = s.get(CLEAN);
        boolean append = s.get(APPEND);
        if (clean && append) {
            throw new UsageException("--clean and --append exclude each other: --clean drops the table, --append keeps it");
        }
        SchemaMode mode = clean ? SchemaMode.CLEAN : append ? SchemaMode.APPEND : SchemaMode.CREATE;
        boolean live = s.get(LIVE);
        long stepMicros = stepSeconds * 1_000_000L;
        Instant start;
        Instant end;
        if (live) {
            Duration d = s.find(RunOptions.DURATION).orElseThrow(() ->
                    new UsageException("--live needs --duration: it writes from now until then"));
            if (s.isSet("ts-start") || s.isSet("ts-end")) {
                throw new UsageException("--live sets the time range from the wall clock; drop --ts-start and --ts-end");
            }
            long nowSeconds = Instant.now().getEpochSecond();
            start = Instant.ofEpochSecond(nowSeconds - Math.floorMod(nowSeconds, stepSeconds));
            end = start.plus(d);
        } else if (otherModelFields > 0) {
            start = Instant.EPOCH; // not telematics: the model reads --ts-start/--ts-end with its own defaults
            end = start.plusSeconds(stepSeconds);
        } else {
            start = withinRange(s, "ts-start");
            end = withinRange(s, "ts-end");
            if (!end.isAfter(start)) {
                throw new UsageException("--ts-end (" + s.string("ts-end") + ") must be after --ts-start ("
                        + s.string("ts-start") + ")");
            }
        }
        long startMicros = start.getEpochSecond() * 1_000_000L + start.getNano() / 1000;
        long spanMicros = (end.getEpochSecond() * 1_000_000L + end.getNano() / 1000) - startMicros;
        long steps = (spanMicros + stepMicros - 1) / stepMicros;
        int maxColumns = s.get(MAX_COLUMNS);
        int batchRows = s.find(WRITE_BATCH_ROWS).isPresent() ? s.get(WRITE_BATCH_ROWS)
                : (int) Math.max(1, Math.min(MAX_DEFAULT_BATCH_ROWS, 1_000_000L / (otherModelFields > 0 ? otherModelFields : metrics)));
        int workers = s.get(workersOption);
        if (live && !s.isSet("write-batch-rows")) {
            // a live batch waits until its last row exists: keep it within one step so no row goes stale
            long perStepPerWorker = ((long) tags * perReport + workers - 1) / workers;
            batchRows = (int) Math.max(1, Math.min(batchRows, perStepPerWorker));
        }
        if (!live && ratePacesRows && s.find(RunOptions.RATE).isPresent()) {
            batchRows = paced(s, batchRows, s.get(RunOptions.RATE) / workers);
        }
        // a batch holds the generating model's values: telematics' metrics, or another model's own fields
        int values = otherModelFields > 0 ? otherModelFields : metrics;
        if ((long) batchRows * values > MAX_BATCH_VALUES) {
            throw s.bad("write-batch-rows", Integer.toString(batchRows), "at most " + (MAX_BATCH_VALUES / values)
                    + " rows for " + values + (otherModelFields > 0 ? " fields" : " metrics") + " (50 million values per batch)");
        }
        Optional<String> heap = heapShortfall(batchRows, values, workers);
        if (heap.isPresent()) {
            throw new UsageException(String.format(Locale.ROOT, "--write-batch-rows %d x %d %s x %d %s hold %s: lower"
                    + " --write-batch-rows or --workers, or give the JVM more heap (DBHARNESS_JAVA_OPTS=-Xmx4g ./runner ...)",
                    batchRows, values, otherModelFields > 0 ? "fields" : "metrics", workers,
                    workers == 1 ? "worker" : "workers", heap.get()));
        }
        return new IotOptions(table, tags, metrics, type, startMicros, stepMicros, steps, perReport, disorder, empty,
                randomness, seed, mode, live, batchRows, maxColumns);
    }

    /** The values one batch may hold, whatever the model. */
    public static final long MAX_BATCH_VALUES = 50_000_000L;

    /**
     * Each worker holds a batch of {@code rows x values} (8 bytes and a presence flag each) besides its encoded
     * copy; when the batches alone would take over half the heap the run would end in an OutOfMemoryError mid-way,
     * so it is refused before it starts.
     *
     * @return "N MB of batches, more than half the JVM's heap of M MB" when they would, for the refusal
     */
    public static Optional<String> heapShortfall(long batchRows, int values, long workers) {
        long batchBytes = batchRows * values * (Long.BYTES + 1);
        long heap = Runtime.getRuntime().maxMemory();
        if (heap != Long.MAX_VALUE && batchBytes * workers > heap / 2) {
            long mb = 1024 * 1024;
            return Optional.of(String.format(Locale.ROOT, "%d MB of batches, more than half the JVM's heap of %d MB",
                    batchBytes * workers / mb, heap / mb));
        }
        return Optional.empty();
    }

    /**
     * Whether the user gave {@code name} a value of their own: set, and not to its default (a config file of every
     * option, as {@code runner config} writes, spells the defaults out), so another model's own default applies.
     */
    static boolean given(Settings s, String name) {
        String def = s.definition(name).defaultValue();
        return s.isSet(name) && !s.optional(name).orElse("").equals(def == null ? "" : def);
    }

    /** Refuses a time the generated rows reach past what every target carries (the last of a run, say). */
    static void refuseLatePoints(long lastMicros, String what) {
        if (lastMicros >= LATEST.getEpochSecond() * 1_000_000L) {
            throw new UsageException(what + " would reach " + Instant.EPOCH.plusNanos(Math.min(lastMicros,
                    Long.MAX_VALUE / 1000) * 1000) + ", past 2261-12-31 (InfluxDB's nanosecond timestamps end in 2262);"
                    + " start earlier or write fewer");
        }
    }

    /** Timestamps every target carries: InfluxDB's nanoseconds end in April 2262; before 1900 is no telemetry. */
    private static final Instant EARLIEST = Instant.parse("1900-01-01T00:00:00Z");
    private static final Instant LATEST = Instant.parse("2262-01-01T00:00:00Z");

    static Instant withinRange(Settings s, String name) {
        Instant t = s.instant(name);
        if (t.isBefore(EARLIEST) || !t.isBefore(LATEST)) {
            throw s.bad(name, s.string(name), "a time from 1900-01-01 to 2261-12-31 (what every target's timestamps hold)");
        }
        return t;
    }

    /** Seconds of schedule one batch may span at a worker's share of {@code --rate}. */
    static final double PACED_BATCH_SECONDS = 0.1;

    /**
     * Under {@code --rate} a batch is due when its last row is due: at a low rate a default batch of thousands
     * of rows would wait seconds (or past the deadline) and then go as a burst. Unless set explicitly, a batch
     * holds at most {@link #PACED_BATCH_SECONDS} of a worker's schedule; an explicit one that spans the whole
     * {@code --duration} would write nothing, and is refused.
     */
    private static int paced(Settings s, int batchRows, double perWorkerPerSecond) {
        if (!s.isSet("write-batch-rows")) {
            return (int) Math.max(1, Math.min(batchRows, Math.ceil(perWorkerPerSecond * PACED_BATCH_SECONDS)));
        }
        Optional<Duration> d = s.duration("duration");
        double batchSeconds = batchRows / perWorkerPerSecond;
        if (d.isPresent() && batchSeconds > d.get().toMillis() / 1000.0) {
            throw new UsageException(String.format(java.util.Locale.ROOT, "--write-batch-rows %d at --rate %s over %d"
                    + " workers makes a batch due every %.1f s, longer than --duration %s: nothing would be written;"
                    + " lower --write-batch-rows or leave it to the default", batchRows, s.string("rate"),
                    s.get(RunOptions.WORKERS), batchSeconds, s.string("duration")));
        }
        return batchRows;
    }

    public SeriesSchema schema() {
        return new SeriesSchema(tableName, metricType, metricCount, maxColumns);
    }

    /** Every row the full time range produces. */
    public long totalRows() {
        return (long) tagNum * steps * rowsPerReport;
    }

    /** Rows per second a {@code --live} run must sustain: every device once per step. */
    public double liveRowsPerSecond() {
        return (double) tagNum * rowsPerReport * 1_000_000.0 / stepMicros;
    }
}
