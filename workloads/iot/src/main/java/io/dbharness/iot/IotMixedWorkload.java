package io.dbharness.iot;

import io.dbharness.core.api.AnswerDigest;
import io.dbharness.core.api.Generator;
import io.dbharness.core.api.LoadModel;
import io.dbharness.core.api.Operation;
import io.dbharness.core.api.PrepareContext;
import io.dbharness.core.api.Counts;
import io.dbharness.core.api.TargetAdapter;
import io.dbharness.core.api.TargetException;
import io.dbharness.core.api.TimeSeriesQuery;
import io.dbharness.core.api.Verification;
import io.dbharness.core.api.WorkerGroup;
import io.dbharness.core.api.WorkerSession;
import io.dbharness.core.api.Workload;

import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.OptionalLong;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;

/**
 * {@code iot-mixed}: ingest and queries at once (mxbench's {@code --simultaneous-loading-and-query}), as two
 * groups with their own load models, statistics and progress. When the ingest has written everything, the
 * query clients go on for {@code --idle-query-duration} on the same, now still, data: those queries are counted
 * as {@code <query>@idle}, beside the same query under ingest, and only their answers are kept (answers taken
 * while rows still arrive depend on timing).
 */
public final class IotMixedWorkload implements Workload {

    static final String IDLE = "@idle";

    private final IotOptions data;
    private final QueryOptions options;
    private final IotInsertWorkload insert;
    private final int ingestWorkers;
    private final int queryWorkers;
    private final double queryRate;
    private final Duration idle;
    private final QueryPart part;

    private final AtomicInteger ingesting = new AtomicInteger();
    /** System.nanoTime when the idle phase ends; 0 while the ingest runs. */
    private final AtomicLong idleEndsNanos = new AtomicLong();
    private final AtomicLong underIngest = new AtomicLong();
    private final AtomicLong idleCounter = new AtomicLong();
    /** Whether a query worker has taken on waiting for the rows to be visible before the idle phase. */
    private final java.util.concurrent.atomic.AtomicBoolean settling = new java.util.concurrent.atomic.AtomicBoolean();

    /** The freshness probe, null with {@code --freshness off}. */
    private final FreshnessProbe probe;

    IotMixedWorkload(IotOptions data, Generator model, QueryOptions options, int ingestWorkers, int queryWorkers, double queryRate,
                     Duration idle, Duration freshnessInterval, Duration opTimeout) { // freshnessInterval: null without a probe
        this.data = data;
        this.options = options;
        this.insert = new IotInsertWorkload(data, model, null);
        this.probe = freshnessInterval == null ? null : new FreshnessProbe(freshnessInterval, opTimeout, insert);
        if (probe != null) {
            insert.reportTo(probe);
        }
        this.part = new QueryPart(data, model, options);
        this.ingestWorkers = ingestWorkers;
        this.queryWorkers = queryWorkers;
        this.queryRate = queryRate;
        this.idle = idle;
    }

    /** The ingest's writers hold one per table of the model (a query client needs one: counted as many). */
    @Override
    public int connectionsPerWorker() {
        return insert.connectionsPerWorker();
    }

    @Override
    public String id() {
        return "iot-mixed";
    }

    @Override
    public void prepare(TargetAdapter target) throws TargetException {
        prepare(target, PrepareContext.NONE);
    }

    @Override
    public void prepare(TargetAdapter target, PrepareContext context) throws TargetException {
        TimeSeriesQuery query = IotQueryWorkload.query(target);
        String product = target.describe().product();
        part.compile(query, product);
        context.retrying("creating table " + data.tableName(), () -> insert.prepare(target));
        context.retrying("preparing " + insert.schema().tableName() + " for the queries",
                () -> part.ready(query, product, insert.schema()));
        if (probe != null) {
            FreshnessProbe.template(query.language(), product);
        }
    }

    /** {@code insert}: the requested load with {@code --ingest-workers}; {@code query}: its own workers and rate. */
    @Override
    public List<WorkerGroup> groups(LoadModel requested) {
        LoadModel ingest = requested instanceof LoadModel.Open o ? new LoadModel.Open(ingestWorkers, o.perSecond(), o.pace())
                : new LoadModel.Closed(ingestWorkers);
        List<WorkerGroup> groups = new ArrayList<>(insert.groups(ingest));
        LoadModel q = queryRate > 0 ? new LoadModel.Open(queryWorkers, queryRate, LoadModel.Open.Pace.OPERATIONS)
                : new LoadModel.Closed(queryWorkers);
        groups.add(WorkerGroup.of("query", q));
        ingesting.set(groups.get(0).workers());
        if (probe != null) {
            probe.writers(groups.get(0).workers());
            groups.add(WorkerGroup.of(FreshnessProbe.TYPE, new LoadModel.Closed(1)));
        }
        return groups;
    }

    @Override
    public WorkerSession openWorker(TargetAdapter target, WorkerGroup group, int worker) throws TargetException {
        if (group.name().equals(FreshnessProbe.TYPE)) {
            return probe.open(target);
        }
        if (!group.name().equals("query")) {
            return new Tracked(insert.openWorker(target, group, worker));
        }
        TimeSeriesQuery query = IotQueryWorkload.query(target);
        QuerySession.Step underIngestStep = new QuerySession.Step("", underIngest, false);
        QuerySession.Step idleStep = new QuerySession.Step(IDLE, idleCounter, true);
        QuerySession.Phase phase = () -> {
            long ends = idleEndsNanos.get();
            if (ends == 0) {
                startIdlePhaseOnceVisible(query);
                ends = idleEndsNanos.get();
            }
            if (ends == 0) {
                return underIngestStep;
            }
            return System.nanoTime() - ends < 0 ? idleStep : null;
        };
        return new QuerySession(part.queries(), query.openReader(), phase, k -> true);
    }

    /**
     * Once every row is written, one query worker waits until the target shows all of them (QuestDB applies its
     * WAL after acknowledging) and starts the idle phase; the others go on meanwhile, counted as under ingest.
     */
    private void startIdlePhaseOnceVisible(TimeSeriesQuery query) throws TargetException {
        if (ingesting.get() > 0 || !settling.compareAndSet(false, true)) {
            return;
        }
        query.awaitVisible(insert.schema());
        idleEndsNanos.set(System.nanoTime() + Math.max(1, idle.toNanos()));
    }

    /** An ingest worker that says when it has written its share: once all have, the idle phase can start. */
    private final class Tracked implements WorkerSession {
        private final WorkerSession s;
        private boolean done;

        Tracked(WorkerSession s) {
            this.s = s;
        }

        @Override
        public Operation next() throws TargetException {
            Operation op = s.next();
            if (op == null && !done) {
                done = true;
                ingesting.decrementAndGet();
                if (probe != null) {
                    probe.writerEnded(true);
                }
            }
            return op;
        }

        @Override
        public void warmUp() throws TargetException {
            s.warmUp();
        }

        @Override
        public boolean reconnect() throws TargetException {
            return s.reconnect();
        }

        @Override
        public void cancel() {
            s.cancel();
        }

        /** A writer the run's end stopped before it wrote its share: the probe then counts nothing at the end. */
        @Override
        public void close() {
            if (!done && probe != null) {
                done = true;
                probe.writerEnded(false);
            }
            s.close();
        }
    }

    @Override
    public Verification verify(TargetAdapter target, Counts totals) throws TargetException {
        return insert.verify(target, totals);
    }

    @Override
    public OptionalLong storedBytes(TargetAdapter target) throws TargetException {
        return insert.storedBytes(target);
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
        Map<String, String> m = new LinkedHashMap<>(insert.describe());
        part.describe(m);
        m.put("idleQuerySeconds", Long.toString(idle.toSeconds()));
        return m;
    }

    @Override
    public io.dbharness.core.api.WorkloadFacts.Freshness freshness() {
        return probe == null ? null : probe.facts();
    }

    @Override
    public Map<String, String> notes() {
        return insert.notes();
    }
}
