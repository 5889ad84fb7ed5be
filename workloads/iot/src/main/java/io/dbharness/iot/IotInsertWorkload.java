package io.dbharness.iot;

import io.dbharness.core.api.BatchWriter;
import io.dbharness.core.api.Generator;
import io.dbharness.core.api.OpResult;
import io.dbharness.core.api.Operation;
import io.dbharness.core.api.RowBatch;
import io.dbharness.core.api.Counts;
import io.dbharness.core.api.SchemaMode;
import io.dbharness.core.api.SeriesSchema;
import io.dbharness.core.api.Shard;
import io.dbharness.core.api.TargetAdapter;
import io.dbharness.core.api.TargetException;
import io.dbharness.core.api.TimeSeriesIngest;
import io.dbharness.core.api.WorkerSession;
import io.dbharness.core.api.Workload;
import io.dbharness.core.api.WriteResult;
import io.dbharness.core.api.LoadModel;
import io.dbharness.core.api.Resolution;
import io.dbharness.core.api.UsageException;
import io.dbharness.core.api.Verification;
import io.dbharness.core.api.WorkerGroup;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalLong;

/**
 * mxbench's ingest, for any data model ({@code --generator}): every worker generates its share of the series
 * and writes them in batches.
 */
public final class IotInsertWorkload implements Workload {

    private final IotOptions options;
    private final Generator generator;
    /**
     * The model's tables, one per {@link Generator#parts() part}; without the default row id on a target that
     * fills none ({@link #prepare}).
     */
    private final List<SeriesSchema> schemas = new ArrayList<>();
    private String rowIdNote;
    private long rowsBefore;
    /** Read while the target is surely up, for the verification's messages (which must not depend on it). */
    private String product = "the target";
    private String ddl;

    /** This process's part of a sharded run, null when unsharded. */
    private final Shard shard;

    public IotInsertWorkload(IotOptions options) {
        this(options, new TelematicsModel(options), null);
    }

    /**
     * Shard i of n owns the devices with {@code (tag - 1) % n == i}; its worker w is generator slot
     * {@code i + n * w} of {@code n * W}, so shards and workers split the devices with no overlap and no gap, and
     * the rows are those of one unsharded run (values depend on seed, tag, time and metric only).
     */
    IotInsertWorkload(IotOptions options, Generator generator, Shard shard) {
        if (Shard.split(shard) && options.live()) {
            // live timestamps follow each process's own clock: the shards' rows would not be one run's rows
            throw new UsageException("--live cannot be split into shards: each shard's timestamps would follow its"
                    + " own clock; run --live in one process");
        }
        this.options = options;
        this.generator = generator;
        generator.parts().forEach(p -> schemas.add(p.schema()));
        this.shard = shard;
    }

    /**
     * The table the rows go to (the first, which queries ask, when the model writes several): after
     * {@link #prepare}, without a default row id the target does not fill.
     */
    SeriesSchema schema() {
        return schemas.get(0);
    }

    /** Whether another shard prepares the table: this one neither creates nor cleans it. */
    private boolean follower() {
        return shard != null && !shard.prepares();
    }

    @Override
    public String id() {
        return "iot-insert";
    }

    @Override
    public void prepare(TargetAdapter target) throws TargetException {
        TimeSeriesIngest ingest = ingest(target);
        // refused before anything is created: a file target opened for a second table would be truncated
        if (schemas.size() > 1 && !ingest.holdsSeveralTables()) {
            throw new UsageException(target.describe().product() + " writes one table, and this model writes "
                    + schemas.size() + " (" + tables() + "): use a database target, or a model of one table"
                    + " (--use-case cpu-only)");
        }
        java.util.OptionalLong earliest = ingest.earliestMicros();
        if (earliest.isPresent() && generator.startMicros() < earliest.getAsLong()) {
            throw new UsageException(target.describe().product() + " stores no time before "
                    + java.time.Instant.EPOCH.plusNanos(earliest.getAsLong() * 1000) + ", and the rows start at "
                    + java.time.Instant.EPOCH.plusNanos(generator.startMicros() * 1000) + ": move --ts-start (or the"
                    + " file's times) to then or later");
        }
        List<String> ddls = new ArrayList<>();
        long before = 0;
        for (int i = 0; i < schemas.size(); i++) {
            SeriesSchema schema = schemas.get(i);
            if (schema.rowId().present() && !ingest.fillsRowIds() && !schema.rowId().given()) {
                rowIdNote = "none: " + target.describe().product() + " fills no ids (the default "
                        + schema.rowId().cliName() + " is for the PostgreSQL family)";
                schema = schema.withoutRowId();
                schemas.set(i, schema);
            }
            if (schema.rowId().present() && !ingest.fillsRowIds()) {
                throw new UsageException(target.describe().product() + " has no key column the database fills"
                        + " (--primary-key " + schema.rowId().cliName() + " is for the PostgreSQL family); use"
                        + " --primary-key none");
            }
            if (!follower()) {
                ingest.createSchema(schema, options.schemaMode());
            }
            ingest.ddl(schema).ifPresent(ddls::add);
            // a follower's count would include rows other shards are writing already; it verifies nothing anyway
            before += options.schemaMode() == SchemaMode.APPEND && !follower() ? ingest.countRows(schema).orElse(0) : 0;
        }
        ddl = ddls.isEmpty() ? null : String.join(";\n", ddls);
        rowsBefore = before;
        product = target.describe().product();
    }

    /** A writer, and so a connection, per table of the model. */
    @Override
    public int connectionsPerWorker() {
        return schemas.size();
    }

    /** One group, {@code insert}: the load asked for, or with {@code --live} the wall clock's pace. */
    @Override
    public List<WorkerGroup> groups(LoadModel requested) {
        LoadModel load = requested;
        if (options.live()) {
            if (requested instanceof LoadModel.Open) {
                throw new UsageException("--rate cannot be combined with --live: the wall clock sets the pace");
            }
            load = new LoadModel.Open(requested.workers(), options.liveRowsPerSecond());
        }
        long planned = shard == null ? generator.plannedRows()
                : shard.share(generator.seriesCount()) * generator.rowsPerSeries();
        return List.of(WorkerGroup.of("insert", load).withPlannedRows(planned));
    }

    @Override
    public WorkerSession openWorker(TargetAdapter target, WorkerGroup group, int worker) throws TargetException {
        int slot = shard == null ? worker : shard.slot(worker);
        int slots = shard == null ? group.workers() : group.workers() * shard.count();
        List<Generator> parts = generator.parts();
        BatchWriter[] writers = new BatchWriter[parts.size()];
        RowBatch[] batches = new RowBatch[parts.size()];
        try {
            for (int i = 0; i < writers.length; i++) {
                writers[i] = ingest(target).openWriter(schemas.get(i));
                batches[i] = new RowBatch(schemas.get(i), options.writeBatchRows());
            }
        } catch (TargetException | RuntimeException e) {
            for (BatchWriter w : writers) {
                if (w != null) {
                    w.close();
                }
            }
            throw e;
        }
        return new Session(parts, slot, slots, writers, batches);
    }

    /**
     * PASSED when the table holds exactly the rows reported written (with those there before), or when the rows
     * of unknown fate explain the difference: then the message says how many of them landed.
     */
    @Override
    public Verification verify(TargetAdapter target, Counts totals) throws TargetException {
        long written = totals.rows();
        long unknown = totals.unknownRows();
        String merged = "";
        int perKey = generator.rowsPerKey();
        if (perKey > 1 && ingest(target).mergesRowsWithSameKey()) {
            // the B rows of a report share (tag_id, ts) and become one stored row: the count is known
            // exactly only when every report was written whole, into an empty table
            boolean whole = totals.skippedRows() == 0 && unknown == 0 && written == generator.plannedRows() && rowsBefore == 0;
            if (!whole) {
                return Verification.skipped(product + " merges the " + perKey + " rows of a report"
                        + " into one; the stored count is known only for a complete run into an empty table");
            }
            written /= perKey;
            merged = String.format(" (%,d rows merged %d to 1 by tag_id and ts)", totals.rows(), perKey);
        }
        OptionalLong counted = count(target);
        long expected = rowsBefore + written;
        if (counted.isEmpty()) {
            return Verification.skipped("target '" + product + "' cannot count rows");
        }
        long actual = counted.getAsLong();
        String where = (schemas.size() == 1 ? "table " : "tables ") + tables();
        if (rowsBefore > 0 && actual != expected && ingest(target).mergesRowsWithSameKey()) {
            // appended rows with the key of a row already there replace it: then the count proves only a range
            long low = Math.max(rowsBefore, written);
            long high = rowsBefore + written + unknown;
            String range = String.format("%s holds %,d rows; with %,d before the run and %,d written, %s"
                    + " (rows with the same key replace each other) expects from %,d to %,d", where, actual,
                    rowsBefore, written, product, low, high);
            return actual >= low && actual <= high
                    ? Verification.skipped(range + ": consistent, but not an exact check")
                    : Verification.failed(expected, actual, range);
        }
        String before = rowsBefore > 0 ? String.format(" (%,d before the run + %,d written)", rowsBefore, written) : "";
        if (actual == expected && schemas.size() > 1 && rowsBefore == 0 && unknown == 0 && totals.skippedRows() == 0
                && written == generator.plannedRows()) {
            // every row was written: each table must hold its own, not another's surplus (TSBS iot's defects
            // make the tables' counts differ, so the sum alone would hide one table's rows landing in another)
            Optional<String> wrong = tableCountsDiffer(target);
            if (wrong.isPresent()) {
                return Verification.failed(expected, actual, wrong.get());
            }
        }
        if (actual == expected) {
            String none = unknown > 0 ? String.format("; none of the %,d rows of unknown fate landed", unknown) : "";
            return Verification.passed(expected, actual, String.format("%,d rows in %s as reported%s%s%s", actual,
                    where, merged, before, none));
        }
        if (unknown > 0 && actual > expected && actual - expected <= unknown) {
            return Verification.reconciled(expected, actual, actual - expected, String.format(
                    "%,d rows in %s: %,d reported written%s + %,d of the %,d rows of unknown fate landed", actual, where,
                    expected, before, actual - expected, unknown));
        }
        return Verification.failed(expected, actual, String.format("%s holds %,d rows but the harness reported %,d%s%s%s",
                where, actual, expected, merged, before,
                unknown > 0 ? String.format(" and %,d rows of unknown fate", unknown) : ""));
    }

    /** The tables whose count is not their part's planned rows, as "table T holds N rows, expected M", if any. */
    private Optional<String> tableCountsDiffer(TargetAdapter target) throws TargetException {
        List<String> wrong = new ArrayList<>();
        List<Generator> parts = generator.parts();
        for (int i = 0; i < schemas.size(); i++) {
            OptionalLong n = ingest(target).countRows(schemas.get(i));
            long planned = parts.get(i).plannedRows();
            if (n.isPresent() && n.getAsLong() != planned) {
                wrong.add(String.format("table %s holds %,d rows, expected %,d", schemas.get(i).tableName(),
                        n.getAsLong(), planned));
            }
        }
        return wrong.isEmpty() ? Optional.empty() : Optional.of(String.join("; ", wrong)
                + " (the tables' total is as reported)");
    }

    /** The rows of every table of the model, summed; empty when the target cannot count one. */
    private OptionalLong count(TargetAdapter target) throws TargetException {
        long sum = 0;
        for (SeriesSchema s : schemas) {
            OptionalLong n = ingest(target).countRows(s);
            if (n.isEmpty()) {
                return n;
            }
            sum += n.getAsLong();
        }
        return OptionalLong.of(sum);
    }

    private String tables() {
        return String.join(", ", schemas.stream().map(SeriesSchema::tableName).toList());
    }

    @Override
    public OptionalLong storedBytes(TargetAdapter target) throws TargetException {
        long sum = 0;
        for (SeriesSchema s : schemas) {
            OptionalLong n = ingest(target).storedBytes(s);
            if (n.isEmpty()) {
                return n;
            }
            sum += n.getAsLong();
        }
        return OptionalLong.of(sum);
    }

    @Override
    public Map<String, String> notes() {
        return rowIdNote == null ? Map.of() : Map.of("primary key", rowIdNote);
    }

    @Override
    public Map<String, String> describe() {
        Map<String, String> m = new LinkedHashMap<>();
        m.put("table", tables());
        m.put("schemaMode", options.schemaMode().name());
        m.put("generator", generator.name());
        m.putAll(generator.describe());
        m.put("plannedRows", Long.toString(generator.plannedRows()));
        m.put("writeBatchRows", Integer.toString(options.writeBatchRows()));
        m.put("live", Boolean.toString(options.live()));
        if (shard != null) {
            m.put("shardTags", String.format("(tag - 1) %% %d == %d: %d of %d", shard.count(), shard.index(),
                    shard.share(generator.seriesCount()), generator.seriesCount()));
        }
        if (ddl != null) {
            m.put("ddl", ddl);
        }
        return m;
    }

    private static TimeSeriesIngest ingest(TargetAdapter target) {
        return target.capability(TimeSeriesIngest.class).orElseThrow();
    }

    /** One worker: the generator fills the batch, the writer sends it; both reused batch after batch. */
    /**
     * One worker's rows: of each part (table) its slot's series, batch by batch in turn, so the tables fill
     * side by side as the model's time advances; each table has its own writer.
     */
    private static final class Session implements WorkerSession, Operation {
        /** Enough for C2 to compile generator and encoder; bounded so huge batches don't delay the start. */
        private static final long WARM_UP_NANOS = 300_000_000L;
        private static final long WARM_UP_ROWS = 2_000_000;

        private final List<Generator> parts;
        private final int worker;
        private final int workers;
        private final Generator.RowSource[] sources;
        private final BatchWriter[] writers;
        private final RowBatch[] batches;
        private final boolean[] done;
        /** The part whose batch is to be written; the next part to fill after it. */
        private int current;
        private int cursor;

        Session(List<Generator> parts, int worker, int workers, BatchWriter[] writers, RowBatch[] batches) {
            this.parts = parts;
            this.worker = worker;
            this.workers = workers;
            this.sources = new Generator.RowSource[parts.size()];
            for (int i = 0; i < sources.length; i++) {
                sources[i] = parts.get(i).open(worker, workers);
            }
            this.writers = writers;
            this.batches = batches;
            this.done = new boolean[parts.size()];
        }

        /** Generates and encodes throw-away batches from generators of its own; the run's rows are untouched. */
        @Override
        public void warmUp() {
            for (int i = 0; i < sources.length; i++) {
                Generator.RowSource scratch = parts.get(i).open(worker, workers);
                long until = System.nanoTime() + WARM_UP_NANOS / sources.length;
                long rows = 0;
                while (rows < WARM_UP_ROWS / sources.length && System.nanoTime() < until) {
                    if (!scratch.fill(batches[i])) {
                        if (rows == 0) {
                            break; // this worker has no devices
                        }
                        scratch = parts.get(i).open(worker, workers);
                        continue;
                    }
                    writers[i].warmUp(batches[i]);
                    rows += batches[i].size();
                }
                batches[i].clear();
            }
        }

        @Override
        public Operation next() {
            for (int k = 0; k < sources.length; k++) {
                int i = cursor + k < sources.length ? cursor + k : cursor + k - sources.length;
                if (done[i]) {
                    continue;
                }
                if (sources[i].fill(batches[i])) {
                    current = i;
                    cursor = i + 1 == sources.length ? 0 : i + 1;
                    return this;
                }
                done[i] = true;
            }
            return null;
        }

        @Override
        public String type() {
            return "insert";
        }

        @Override
        public long rows() {
            return batches[current].size();
        }

        @Override
        public OpResult execute() throws TargetException {
            RowBatch batch = batches[current];
            WriteResult w = writers[current].write(batch);
            return OpResult.written(w.rowsWritten(), w.rowsSkipped(), batch.points(), w.bytes());
        }

        @Override
        public boolean idempotent() {
            return writers[current].idempotent();
        }

        @Override
        public Resolution resolve() throws TargetException {
            return writers[current].resolveLastWrite();
        }

        @Override
        public boolean reconnect() throws TargetException {
            return writers[current].reconnect();
        }

        @Override
        public void cancel() {
            writers[current].cancel();
        }

        @Override
        public void close() {
            for (BatchWriter w : writers) {
                w.close();
            }
        }
    }
}
