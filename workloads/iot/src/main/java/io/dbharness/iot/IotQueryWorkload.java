package io.dbharness.iot;

import io.dbharness.core.api.AnswerDigest;
import io.dbharness.core.api.Generator;
import io.dbharness.core.api.LoadModel;
import io.dbharness.core.api.PrepareContext;
import io.dbharness.core.api.Counts;
import io.dbharness.core.api.SchemaMode;
import io.dbharness.core.api.SeriesSchema;
import io.dbharness.core.api.Shard;
import io.dbharness.core.api.TargetAdapter;
import io.dbharness.core.api.TargetException;
import io.dbharness.core.api.TimeSeriesIngest;
import io.dbharness.core.api.TimeSeriesQuery;
import io.dbharness.core.api.UsageException;
import io.dbharness.core.api.Verification;
import io.dbharness.core.api.WorkerGroup;
import io.dbharness.core.api.WorkerSession;
import io.dbharness.core.api.Workload;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import io.dbharness.core.api.WorkloadFacts;
import java.util.concurrent.atomic.AtomicLong;

/**
 * {@code iot-query}: the query catalogue (and a query file's queries) over the data iot-insert loads with the
 * same flags; one group of query clients, closed or open (queries per second).
 */
public final class IotQueryWorkload implements Workload {

    private final IotOptions data;
    private final Generator model;
    private final QueryOptions options;
    private final int loadWorkers;
    private final QueryPart part;
    private final AtomicLong counter = new AtomicLong();
    /** What --load wrote, null without it (or before it ran). */
    private PrepareContext.Loaded loaded;
    private String targetName = "the target";
    /** Writes the data for --load, and describes it in the result either way. */
    private final IotInsertWorkload loader;

    /** This process's part of a sharded run, null when unsharded: it runs the instances k with k % n == i. */
    private final Shard shard;

    IotQueryWorkload(IotOptions data, QueryOptions options, int loadWorkers) {
        this(data, new TelematicsModel(data), options, loadWorkers, null);
    }

    IotQueryWorkload(IotOptions data, Generator model, QueryOptions options, int loadWorkers, Shard shard) {
        if (Shard.split(shard) && options.load()) {
            // the others would have to wait for the whole load, not just the table: load once, then query in shards
            throw new UsageException("--load cannot be split into shards: load the data first (runner --workload"
                    + " iot-insert, itself sharded if need be), then run iot-query's shards on it");
        }
        this.shard = shard;
        this.data = data;
        this.options = options;
        this.loadWorkers = loadWorkers;
        this.model = model;
        this.loader = new IotInsertWorkload(data, model, null);
        this.part = new QueryPart(data, model, options);
    }

    @Override
    public String id() {
        return "iot-query";
    }

    /** --load writes with the run's workers, each a writer per table of the model. */
    @Override
    public int prepareConnections() {
        return options.load() ? loadWorkers * loader.connectionsPerWorker() : 0;
    }

    @Override
    public void prepare(TargetAdapter target) throws TargetException {
        prepare(target, PrepareContext.NONE);
    }

    @Override
    public void prepare(TargetAdapter target, PrepareContext context) throws TargetException {
        TimeSeriesQuery query = query(target);
        targetName = target.describe().product();
        part.compile(query, targetName);
        if (options.load()) {
            loaded = DataLoader.load(loader, target, loadWorkers, context);
            if (!loaded.complete()) {
                throw DataLoader.incomplete(loaded, model.plannedRows());
            }
        } else {
            requireData(query, schema(target), targetName);
            requireLayout(target, schema(target));
        }
        String what = "preparing " + model.schema().tableName() + " for the queries (index, statistics; not bounded by"
                + " --op-timeout)";
        context.status(what);
        context.retrying(what, () -> part.ready(query, targetName, schema(target)));
    }

    /** The model's table as the target holds it: without a row id where the target fills none (the loader's choice). */
    private SeriesSchema schema(TargetAdapter target) {
        SeriesSchema s = model.schema();
        boolean fills = target.capability(TimeSeriesIngest.class).map(TimeSeriesIngest::fillsRowIds).orElse(false);
        return s.rowId().present() && !fills ? s.withoutRowId() : s;
    }

    /**
     * The table must fit the data flags (metrics, their type): else every answer would be about other data.
     * The target's own check for appending to a table says what differs.
     */
    private static void requireLayout(TargetAdapter target, SeriesSchema schema) throws TargetException {
        try {
            target.capability(TimeSeriesIngest.class).orElseThrow().createSchema(schema, SchemaMode.APPEND);
        } catch (UsageException e) {
            throw new UsageException("the data flags do not match what " + schema.tableName() + " holds ("
                    + DataLoader.withoutInsertAdvice(e.getMessage())
                    + "); give the flags it was loaded with");
        }
    }

    /** Queries over an absent or empty table measure nothing: refused, saying how to load it. */
    static void requireData(TimeSeriesQuery query, SeriesSchema schema, String product) throws TargetException {
        TimeSeriesQuery.TableState state = query.tableState(schema);
        if (state != TimeSeriesQuery.TableState.HAS_ROWS) {
            throw new UsageException((state == TimeSeriesQuery.TableState.ABSENT ? "table " + schema.tableName()
                    + " does not exist in " + product : "table " + schema.tableName() + " in " + product + " is empty")
                    + ": load it first (runner --workload iot-insert with the same data flags) or add --load"
                    + " (an embedded server starts empty in every run)");
        }
    }

    @Override
    public List<WorkerGroup> groups(LoadModel requested) {
        WorkerGroup g = queryGroup("query", requested, options);
        if (shard != null && options.queryCount().isPresent()) {
            g = g.withPlannedOperations(shard.share(options.queryCount().getAsLong()));
        }
        return List.of(g);
    }

    /** Queries count as operations: an open model's rate is queries per second. */
    static WorkerGroup queryGroup(String name, LoadModel load, QueryOptions options) {
        LoadModel l = load instanceof LoadModel.Open o
                ? new LoadModel.Open(o.workers(), o.perSecond(), LoadModel.Open.Pace.OPERATIONS) : load;
        WorkerGroup g = WorkerGroup.of(name, l);
        return options.queryCount().isPresent() ? g.withPlannedOperations(options.queryCount().getAsLong()) : g;
    }

    @Override
    public WorkerSession openWorker(TargetAdapter target, WorkerGroup group, int worker) throws TargetException {
        QuerySession.Step step = new QuerySession.Step("", counter, true);
        QuerySession.Phase phase = () -> step;
        long count = options.queryCount().orElse(Long.MAX_VALUE);
        if (shard == null) {
            return new QuerySession(part.queries(), query(target).openReader(), phase, k -> k < count);
        }
        Shard s = shard;
        return new QuerySession(part.queries(), query(target).openReader(), phase, k -> k < count,
                local -> s.index() + s.count() * local);
    }

    /** Queries change nothing; with --load, the rows it wrote are counted as iot-insert counts its own. */
    @Override
    public Verification verify(TargetAdapter target, Counts totals) throws TargetException {
        if (loaded == null) {
            return Verification.skipped("queries write nothing; compare their answers between runs with runner compare --answers");
        }
        Verification v = loader.verify(target, loaded.totals());
        return new Verification(v.status(), v.expected(), v.actual(), v.unknownLanded(), v.message() + " (--load)");
    }

    @Override
    public java.time.Duration warmup() {
        return options.warmup();
    }

    @Override
    public List<AnswerDigest> answers() {
        return part.answers();
    }

    @Override
    public Map<String, String> plans() {
        return part.plans();
    }

    @Override
    public Map<String, String> describe() {
        Map<String, String> m = new LinkedHashMap<>(loader.describe());
        part.describe(m);
        return m;
    }

    @Override
    public Map<String, String> notes() {
        return loader.notes();
    }

    @Override
    public WorkloadFacts.Loaded loaded() { // also when the load stopped part way: what it wrote is in the table
        return loaded == null ? null : new WorkloadFacts.Loaded(loaded.totals().rows(), loaded.totals().unknownRows(),
                java.util.OptionalDouble.of(loaded.seconds()));
    }

    static TimeSeriesQuery query(TargetAdapter target) {
        return target.capability(TimeSeriesQuery.class).orElseThrow();
    }
}
