package io.dbharness.tpcc;

import io.dbharness.core.api.LoadModel;
import io.dbharness.core.api.Operation;
import io.dbharness.core.api.PrepareContext;
import io.dbharness.core.api.Counts;
import io.dbharness.core.api.Shard;
import io.dbharness.core.api.TargetAdapter;
import io.dbharness.core.api.TargetException;
import io.dbharness.core.api.UsageException;
import io.dbharness.core.api.Verification;
import io.dbharness.core.api.WorkerGroup;
import io.dbharness.core.api.WorkerSession;
import io.dbharness.core.api.Workload;
import io.dbharness.core.api.WorkloadFacts;

import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalDouble;
import java.util.OptionalLong;
import java.util.SplittableRandom;
import java.util.stream.Collectors;

/**
 * {@code tpcc}: loads the TPC-C database (unless {@code --run-only}), runs the five transactions from
 * {@code --terminals} terminals, reports tpmC, and with {@code --verify} checks the consistency conditions.
 */
final class TpccWorkload implements Workload {

    /** The specification's ceiling with keying and think times: 12.86 New-Orders per minute per warehouse. */
    static final double MAX_TPMC_PER_WAREHOUSE = 12.86;

    private final TpccOptions options;
    private final boolean warehousesGiven;
    private final long seed;

    // what prepare() found or made, read by the workers it opens afterwards
    private io.dbharness.core.api.SqlTransactions access;
    private final Duration checkTimeout;
    /** Delivery's districts over the whole run (warm-up included): handled, and skipped for want of a new order. */
    private final Delivery.Counts deliveries = new Delivery.Counts();
    private TpccSql sql;
    private Schema.Load load;
    private TpccRandom.Constants runConstants;
    /** The whole preparation (tables, COPY, keys, statistics), and the COPY alone. */
    private double loadSeconds = -1;
    private double copySeconds = -1;
    /** The load of this run, null without one: its counts go into the result even when it failed part way. */
    private Loader loader;
    /** The tables {@code --destroy} found and dropped. */
    private List<String> dropped;

    /** This process's part of a sharded run, null when unsharded: terminals t with t % n == i. */
    private final Shard shard;

    TpccWorkload(TpccOptions options, boolean warehousesGiven, long seed, Duration checkTimeout) {
        this(options, warehousesGiven, seed, checkTimeout, null);
    }

    /** @param checkTimeout the deadline of each statement of the consistency checks ({@link Verification#checkTimeout}) */
    TpccWorkload(TpccOptions options, boolean warehousesGiven, long seed, Duration checkTimeout, Shard shard) {
        this.checkTimeout = checkTimeout;
        if (Shard.split(shard)) {
            if (options.loadOnly()) {
                throw new UsageException("--load-only cannot be split into shards: load once, in one process");
            }
            if (shard.share(options.terminals()) == 0) {
                throw new UsageException("--terminals " + options.terminals() + " leaves shard " + shard
                        + " without a terminal: give at least " + shard.count() + " terminals");
            }
        }
        this.shard = shard;
        this.options = options;
        this.warehousesGiven = warehousesGiven;
        this.seed = seed;
    }

    @Override
    public String id() {
        return "tpcc";
    }

    @Override
    public void prepare(TargetAdapter target) throws TargetException {
        prepare(target, PrepareContext.NONE);
    }

    @Override
    public void prepare(TargetAdapter target, PrepareContext context) throws TargetException {
        io.dbharness.core.api.TargetInfo info = target.describe();
        access = target.capability(io.dbharness.core.api.SqlTransactions.class).orElseThrow(() ->
                new UsageException("target " + info.product() + " runs no SQL transactions"));
        sql = TpccSql.of(access, info.product());
        Schema schema = new Schema(access, sql);
        List<String> existing = schema.existing();
        // a load writes its row in tpcc_load last: tables without it are a load that was stopped or failed
        Optional<Schema.Load> finished = existing.contains("tpcc_load") ? schema.load() : Optional.empty();
        // shards after 0 run on what shard 0 loaded (they start once it has finished), as --run-only does
        boolean follower = shard != null && !shard.prepares();
        if (options.destroy()) {
            if (follower) {
                return; // shard 0 drops them
            }
            if (!existing.isEmpty() && !existing.contains("tpcc_load")) {
                // this harness creates tpcc_load with its tables: without it they are someone else's
                throw new UsageException("--destroy: the tables here named like TPC-C's (" + String.join(", ", existing)
                        + ") were not created by this harness (it creates a tpcc_load table with them): nothing was"
                        + " dropped; drop them yourself if they are to go");
            }
            dropped = existing;
            if (!existing.isEmpty()) {
                schema.drop(context);
            }
            return;
        }
        if (options.runOnly() || follower) {
            if (existing.isEmpty()) {
                // an embedded server is made anew for each run: a load before this one is gone with its server
                throw new UsageException("embedded".equals(info.endpoint())
                        ? "--run-only: the embedded server is new for each run and holds no TPC-C tables; give --url of "
                                + "a server to load once and run on many times, or leave out --run-only"
                        : "--run-only: there are no TPC-C tables to run on; load them first "
                                + "(runner --workload tpcc --load-only --warehouses N)");
            }
            load = finished.orElseThrow(() -> new UsageException("--run-only: the TPC-C tables hold no finished "
                    + "load (one was stopped or failed); load them anew with --clean"));
            if (warehousesGiven && load.warehouses() != options.warehouses()) {
                throw new UsageException("--run-only: the TPC-C tables hold " + load.warehouses()
                        + (load.warehouses() == 1 ? " warehouse" : " warehouses") + ", not --warehouses "
                        + options.warehouses() + "; give --warehouses " + load.warehouses() + " or load anew with --clean");
            }
        } else {
            if (!existing.isEmpty()) {
                if (!options.clean()) {
                    throw new UsageException(finished.isPresent()
                            ? "TPC-C tables exist already (" + String.join(", ", existing) + "): give --run-only "
                                    + "to run on them, or --clean to drop them and load anew"
                            : existing.contains("tpcc_load")
                            ? "TPC-C tables exist (" + String.join(", ", existing) + ") but hold no finished load (one was "
                                    + "stopped or failed): give --clean to drop them and load anew"
                            : "tables named like TPC-C's exist (" + String.join(", ", existing) + ") that this harness did"
                                    + " not create (it creates a tpcc_load table with them): load into another database,"
                                    + " or give --clean to drop them");
                }
                context.status("dropping the TPC-C tables (--clean)");
                schema.drop(context);
            }
            long begun = System.nanoTime();
            context.status("creating the TPC-C tables (" + sql.name() + " dialect)");
            schema.create(context);
            TpccRandom.Constants constants = TpccRandom.Constants.forLoad(new SplittableRandom(seed));
            loader = new Loader(access, sql, options.warehouses(), options.loadWorkers(), seed, constants);
            long copyBegun = System.nanoTime();
            loader.load(context);
            copySeconds = (System.nanoTime() - copyBegun) / 1e9;
            context.status(String.format(Locale.ROOT, "loaded %,d rows in %.1f s; creating keys and indexes",
                    loader.totalRows(), (System.nanoTime() - begun) / 1e9));
            schema.createIndexes(context);
            context.status("gathering statistics");
            schema.analyze(context);
            Schema.Load done = new Schema.Load(options.warehouses(), constants, seed);
            context.retrying("recording the TPC-C load", () -> schema.recordLoad(done));
            load = done;
            loadSeconds = (System.nanoTime() - begun) / 1e9;
        }
        runConstants = TpccRandom.Constants.forRun(load.constants(), new SplittableRandom(seed + 1));
    }

    @Override
    public List<WorkerGroup> groups(LoadModel requested) {
        int terminals = options.nothingToRun() ? 1 : shard == null ? options.terminals() : (int) shard.share(options.terminals());
        LoadModel model = requested instanceof LoadModel.Open o
                ? new LoadModel.Open(terminals, o.perSecond(), LoadModel.Open.Pace.OPERATIONS)
                : new LoadModel.Closed(terminals);
        WorkerGroup g = WorkerGroup.of("tpcc", model);
        if (options.nothingToRun()) {
            return List.of(g.withPlannedOperations(0));
        }
        return List.of(options.txnsPerTerminal() > 0 ? g.withPlannedOperations(options.txnsPerTerminal() * terminals) : g);
    }

    @Override
    public WorkerSession openWorker(TargetAdapter target, WorkerGroup group, int worker) throws TargetException {
        if (options.nothingToRun()) {
            return new WorkerSession() { // nothing to run: the load was the job
                @Override
                public Operation next() {
                    return null;
                }

                @Override
                public void close() {
                }
            };
        }
        int terminal = shard == null ? worker : shard.slot(worker); // the same terminal as in an unsharded run
        long terminalSeed = seed * 31 + 7919L * (terminal + 1);
        return new Terminal(access, sql, options, load.warehouses(), new TpccRandom(terminalSeed, runConstants), terminal,
                access.commitTracking().orElse(null), deliveries);
    }

    @Override
    public Duration warmup() {
        return options.warmup();
    }

    @Override
    public int prepareConnections() {
        return options.runOnly() || shard != null && !shard.prepares() ? 0 : options.loadWorkers();
    }

    /** tpmC counts every New-Order that completed, the 1% that roll back by design included. */
    @Override
    public Map<String, Double> figures(Map<String, Long> completedByType, double seconds) {
        if (options.nothingToRun() || seconds <= 0) {
            return Map.of();
        }
        double minutes = seconds / 60;
        long newOrders = completedByType.getOrDefault(Transaction.NEW_ORDER.type, 0L);
        long all = completedByType.values().stream().mapToLong(Long::longValue).sum();
        Map<String, Double> out = new LinkedHashMap<>();
        out.put("tpmC", newOrders / minutes);
        out.put("tpmTotal", all / minutes);
        if (options.keyingThinkTime() && load != null) {
            out.put("efficiencyPercent", 100 * newOrders / minutes / (MAX_TPMC_PER_WAREHOUSE * load.warehouses()));
        }
        return out;
    }

    @Override
    public Verification verify(TargetAdapter target, Counts totals) throws TargetException {
        if (options.destroy()) {
            return Verification.failed(-1, -1, "--destroy dropped the tables: there is nothing to verify");
        }
        List<Consistency.Violation> failed = Consistency.check(access, sql, checkTimeout);
        String checked = "consistency conditions " + java.util.Arrays.stream(Consistency.CONDITIONS)
                .mapToObj(Integer::toString).collect(Collectors.joining(", "));
        if (failed.isEmpty()) {
            return Verification.passed(-1, -1, checked + " hold");
        }
        return Verification.failed(-1, -1, failed.stream().map(Consistency.Violation::describe)
                .collect(Collectors.joining(" | ")));
    }

    @Override
    public OptionalLong storedBytes(TargetAdapter target) {
        long b = access == null ? -1 : new Schema(access, sql).storedBytes();
        return b < 0 ? OptionalLong.empty() : OptionalLong.of(b);
    }

    @Override
    public WorkloadFacts.Loaded loaded() { // also a load that failed part way: what it wrote is in the tables
        return loader == null ? null
                : new WorkloadFacts.Loaded(loader.totalRows(), 0,
                        loadSeconds >= 0 ? OptionalDouble.of(loadSeconds) : OptionalDouble.empty());
    }

    @Override
    public Map<String, String> notes() {
        Map<String, String> m = new LinkedHashMap<>();
        if (options.destroy()) { // the drop was the job: say what it dropped
            m.put("tables", dropped == null || dropped.isEmpty() ? "--destroy: there were no TPC-C tables"
                    : "--destroy: dropped " + String.join(", ", dropped));
        }
        long districts = deliveries.districts.sum();
        if (districts > 0) {
            m.put("Delivery: districts skipped", String.format(Locale.ROOT,
                    "%,d of %,d (no new order in the district at that moment; clause 2.7.4.2)",
                    deliveries.skipped.sum(), districts));
        }
        return m;
    }

    @Override
    public Map<String, String> describe() {
        Map<String, String> m = new LinkedHashMap<>();
        m.put("warehouses", Integer.toString(load != null ? load.warehouses() : options.warehouses()));
        m.put("terminals", Integer.toString(options.terminals()));
        if (shard != null) {
            m.put("shardTerminals", String.format("t %% %d == %d: %d of %d", shard.count(), shard.index(),
                    shard.share(options.terminals()), options.terminals()));
        }
        m.put("weights", options.weights().toString());
        m.put("isolation", options.isolationName());
        m.put("terminalWarehouseFixed", Boolean.toString(options.terminalWarehouseFixed()));
        m.put("keyingThinkTime", options.keyingThinkTime() ? "on" : "off");
        if (sql != null) {
            m.put("dialect", sql.name());
            m.put("ddl", sql.source("create_tables"));
        }
        if (loadSeconds >= 0) {
            long total = loader.totalRows();
            m.put("loadRowsPerSecond", String.format(Locale.ROOT, "%.0f", total / Math.max(1e-9, loadSeconds)));
            m.put("copySeconds", String.format(Locale.ROOT, "%.3f", copySeconds));
            m.put("copyRowsPerSecond", String.format(Locale.ROOT, "%.0f", total / Math.max(1e-9, copySeconds)));
            loader.rows().forEach((t, n) -> m.put("loaded." + t, Long.toString(n)));
        } else if (loader != null) { // the preparation failed: what was loaded before it did
            m.put("load", "failed part way; the tables are incomplete (--clean loads them anew)");
            loader.rows().forEach((t, n) -> m.put("loaded." + t, Long.toString(n)));
        } else if (options.destroy()) {
            m.put("load", "--destroy");
        } else {
            m.put("load", options.runOnly() ? "--run-only: tables loaded before" : "none");
        }
        long districts = deliveries.districts.sum();
        if (districts > 0) {
            long skipped = deliveries.skipped.sum();
            m.put("deliveryDistricts", Long.toString(districts));
            m.put("deliverySkippedDistricts", Long.toString(skipped));
        }
        if (runConstants != null) {
            m.put("nurandC", "C_LAST load " + load.constants().cLast() + ", run " + runConstants.cLast() + "; C_ID "
                    + runConstants.cId() + "; OL_I_ID " + runConstants.olIId());
        }
        return m;
    }
}
