package io.dbharness.iot;

import io.dbharness.core.api.CompiledQuery;
import io.dbharness.core.api.OpResult;
import io.dbharness.core.api.Operation;
import io.dbharness.core.api.QueryLanguage;
import io.dbharness.core.api.QueryParams;
import io.dbharness.core.api.QueryReader;
import io.dbharness.core.api.QueryShape;
import io.dbharness.core.api.QueryTemplate;
import io.dbharness.core.api.RowBatch;
import io.dbharness.core.api.SeriesSchema;
import io.dbharness.core.api.TargetAdapter;
import io.dbharness.core.api.TargetException;
import io.dbharness.core.api.TimeSeriesIngest;
import io.dbharness.core.api.TimeSeriesQuery;
import io.dbharness.core.api.UsageException;
import io.dbharness.core.api.WorkerSession;
import io.dbharness.core.api.WorkloadFacts;

import java.time.Duration;
import java.util.HashMap;
import java.util.Map;
import java.util.OptionalDouble;
import java.util.OptionalLong;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicReference;
import java.util.concurrent.atomic.LongAccumulator;
import java.util.concurrent.atomic.LongAdder;
import java.util.concurrent.locks.LockSupport;

/**
 * iot-mixed's freshness probe: how long after a write is acknowledged a query sees it. Every probe interval it asks
 * the ingest for the next batch acknowledged (taken by whichever writer acknowledges one first, on its own thread,
 * so a writer pays per batch a clock read, two striped counters and a flag's read, no lock; the writer that takes
 * the wish also builds the sample and wakes the probe), then queries on a connection of its own for that batch's newest row of one
 * series, again every interval until it is there. A sample runs from the acknowledgement (when the
 * write call returned on the writer) to the end of the query that saw the row: it overstates by at most one
 * interval plus one query, the resolution kept in the result. When the ingest has written everything, the rows it
 * acknowledged are counted every interval until the target shows them all, or {@code --op-timeout} passes: the
 * time to full visibility, from the last acknowledgement to the start of the count that showed them all.
 */
final class FreshnessProbe {

    static final String TYPE = WorkloadFacts.Freshness.TYPE;
    /** The probe's longest wait for an offer at a time: the writer that offers wakes it at once. */
    private static final long OFFER_WAIT_NANOS = 10_000_000;

    /** A sampled acknowledged batch: its newest row of one series, and when the write returned. */
    record Sample(SeriesSchema schema, long series, long micros, long ackNanos) {
    }

    private final Duration interval;
    private final Duration opTimeout;
    private final IotInsertWorkload insert;

    /** Set by the probe when it wants the next acknowledged batch, cleared by it when it took one. */
    private volatile boolean wanted;
    /** When the probe last asked: a sample acknowledged before it is stale (offered late to a wish of before). */
    private volatile long wantedSince;
    /** The probe's thread while it waits, woken by the writer that offers and by the last writer's end. */
    private volatile Thread waiting;
    private final AtomicReference<Sample> offered = new AtomicReference<>();
    private final LongAdder acknowledgedRows = new LongAdder();
    private final LongAccumulator lastAck = new LongAccumulator(Math::max, Long.MIN_VALUE);
    /** Writers still writing; and whether every one of them wrote its whole share (the run's end did not cut it). */
    private final AtomicLong writing = new AtomicLong();
    private final AtomicLong cutShort = new AtomicLong();

    private final AtomicLong queries = new AtomicLong();
    private final AtomicLong queryNanos = new AtomicLong();
    private final AtomicLong maxQueryNanos = new AtomicLong();
    private volatile WorkloadFacts.Freshness end;

    FreshnessProbe(Duration interval, Duration opTimeout, IotInsertWorkload insert) {
        this.interval = interval;
        this.opTimeout = opTimeout;
        this.insert = insert;
    }

    /** The number of writers, before they start. */
    void writers(int n) {
        writing.set(n);
    }

    /** A writer has ended: {@code whole} when it wrote all its rows. */
    void writerEnded(boolean whole) {
        if (!whole) {
            cutShort.incrementAndGet();
        }
        writing.decrementAndGet();
        wake();
    }

    private void wake() {
        Thread t = waiting;
        if (t != null) {
            LockSupport.unpark(t);
        }
    }

    /** A writer's write of {@code batch} into {@code schema}'s table returned at {@code nanos}, {@code rows} stored. */
    void acknowledged(SeriesSchema schema, RowBatch batch, long rows, long nanos) {
        acknowledgedRows.add(rows);
        lastAck.accumulate(nanos);
        if (wanted && offered.get() == null) {
            Sample s = sample(schema, batch, nanos);
            if (s != null && offered.compareAndSet(null, s)) {
                wake();
            }
        }
    }

    /**
     * The batch's newest row of the series of its last row with a value (a row without one is stored by no
     * line-protocol target); null when no row has a value.
     */
    static Sample sample(SeriesSchema schema, RowBatch batch, long nanos) {
        long[] ts = batch.tsMicros();
        long[] tags = batch.tagIds();
        int last = batch.size() - 1;
        while (last >= 0 && !batch.rowHasValues(last)) {
            last--;
        }
        if (last < 0) {
            return null;
        }
        long series = tags[last];
        long newest = ts[last];
        for (int i = 0; i < last; i++) {
            if (tags[i] == series && ts[i] > newest && batch.rowHasValues(i)) {
                newest = ts[i];
            }
        }
        return new Sample(schema, series, newest, nanos);
    }

    /** The probe's text for {@code language}; a target without one cannot run the probe, said before the run. */
    static QueryTemplate template(QueryLanguage language, String product) {
        String text = language.catalogueTemplate(QueryLanguage.PROBES, TYPE).orElseThrow(() -> new UsageException(
                product + " has no freshness probe query (" + QueryLanguage.PROBES + "/" + TYPE + " for "
                        + language.languages().get(0) + "): run with --freshness off"));
        return QueryTemplate.parse(QueryLanguage.PROBES + "/" + TYPE, text);
    }

    WorkerSession open(TargetAdapter target) throws TargetException {
        TimeSeriesQuery query = IotQueryWorkload.query(target);
        QueryTemplate template = template(query.language(), target.describe().product());
        return new Session(target, query, template, query.openReader());
    }

    /** The probe's account; null before the probe ran. */
    WorkloadFacts.Freshness facts() {
        WorkloadFacts.Freshness e = end;
        return e != null ? e : account(OptionalLong.empty(), OptionalDouble.empty(), OptionalLong.empty(),
                "the probe did not get to count (the run ended before the ingest had written everything)");
    }

    private WorkloadFacts.Freshness account(OptionalLong atEnd, OptionalDouble full, OptionalLong still, String missing) {
        long n = queries.get();
        return new WorkloadFacts.Freshness(interval.toNanos() / 1e6, n,
                n == 0 ? OptionalDouble.empty() : OptionalDouble.of(queryNanos.get() / 1e6 / n),
                n == 0 ? OptionalDouble.empty() : OptionalDouble.of(maxQueryNanos.get() / 1e6),
                acknowledgedRows.sum(), atEnd, full, still, missing);
    }

    private void timed(long nanos) {
        queries.incrementAndGet();
        queryNanos.addAndGet(nanos);
        maxQueryNanos.accumulateAndGet(nanos, Math::max);
    }

    /** Parks until {@code when}; false when the thread is interrupted (the run is stopping). */
    private static boolean parkUntil(long when) {
        long wait;
        while ((wait = when - System.nanoTime()) > 0) {
            LockSupport.parkNanos(wait);
            if (Thread.currentThread().isInterrupted()) {
                return false;
            }
        }
        return !Thread.currentThread().isInterrupted();
    }

    /** The probe's worker: one sample an operation, then at the end the count until every row is visible. */
    private final class Session implements WorkerSession, Operation {
        private final TargetAdapter target;
        private final TimeSeriesQuery query;
        private final QueryTemplate template;
        private final QueryReader reader;
        private final Map<String, CompiledQuery> compiled = new HashMap<>();
        private Sample current;
        private long lastTaken = Long.MIN_VALUE;
        private volatile boolean cancelled;
        /** The end's count: its first result, the rows still hidden at the last, when all showed; why it cannot tell. */
        private OptionalLong atEnd = OptionalLong.empty();
        private long hidden;
        private long fullAt;
        private String countable;

        Session(TargetAdapter target, TimeSeriesQuery query, QueryTemplate template, QueryReader reader) {
            this.target = target;
            this.query = query;
            this.template = template;
            this.reader = reader;
        }

        @Override
        public Operation next() throws TargetException {
            // the next sample one interval after the last; at once to the count when the writers are done
            long due = lastTaken == Long.MIN_VALUE ? System.nanoTime() : lastTaken + interval.toNanos();
            while (writing.get() > 0 && due - System.nanoTime() > 0) {
                if (!parkUntil(Math.min(due, System.nanoTime() + OFFER_WAIT_NANOS * 50))) {
                    return null;
                }
            }
            waiting = Thread.currentThread();
            wantedSince = System.nanoTime();
            wanted = true;
            while (true) {
                Sample s = offered.getAndSet(null);
                if (s != null && s.ackNanos() - wantedSince >= 0) {
                    wanted = false;
                    current = s;
                    lastTaken = System.nanoTime();
                    return this;
                }
                if (s != null) {
                    continue; // acknowledged before this wish (a writer between its look at the wish and its offer)
                }
                if (writing.get() == 0) {
                    wanted = false;
                    end = finish();
                    return null;
                }
                LockSupport.parkNanos(OFFER_WAIT_NANOS);
                if (Thread.currentThread().isInterrupted()) {
                    return null;
                }
            }
        }

        @Override
        public String type() {
            return TYPE;
        }

        @Override
        public long rows() {
            return 0;
        }

        /** From the write's acknowledgement: the engine's latency of this operation is the sample. */
        @Override
        public long measuredFromNanos() {
            return current.ackNanos();
        }

        @Override
        public boolean idempotent() {
            return true;
        }

        /** A row not visible within --op-timeout is a sample cut off, counted as a timeout, not an error. */
        @Override
        public boolean timeoutIsFailure() {
            return false;
        }

        @Override
        public OpResult execute() throws TargetException {
            Sample s = current;
            CompiledQuery q = compiled.get(s.schema().tableName());
            if (q == null) {
                q = query.language().compile(TYPE, template, new QueryShape(s.schema(), 0, 1));
                compiled.put(s.schema().tableName(), q);
            }
            QueryParams p = new QueryParams(s.series(), new long[0], s.micros(), s.micros() + 1, 0,
                    new String[] {s.schema().tags().key(s.series())});
            cancelled = false;
            while (true) {
                long start = System.nanoTime();
                long rows = reader.run(q, p, false).rowCount();
                timed(System.nanoTime() - start);
                if (rows > 0) {
                    return OpResult.returned(rows);
                }
                if (writing.get() == 0 && fullAt == 0 && countable == null) {
                    count(); // the end's count starts while this sample still waits, not after it
                }
                if (cancelled || !parkUntil(start + interval.toNanos()) || cancelled) {
                    throw new TargetException(TargetException.Kind.TIMEOUT, null,
                            "the row was not visible yet when the probe was cancelled", null);
                }
            }
        }

        /**
         * Counts the acknowledged rows every interval until the target shows them all or --op-timeout passes; the
         * time runs from the last acknowledgement.
         */
        private WorkloadFacts.Freshness finish() {
            if (cutShort.get() > 0) {
                return account(OptionalLong.empty(), OptionalDouble.empty(), OptionalLong.empty(),
                        "not counted: the ingest did not write all its rows (--duration or --live ended it, or a stop)");
            }
            long deadline = lastAck.get() + opTimeout.toNanos();
            while (true) {
                long start = System.nanoTime();
                count();
                if (countable != null) {
                    return account(atEnd, OptionalDouble.empty(), OptionalLong.empty(), "not counted: " + countable);
                }
                if (fullAt != 0) {
                    return account(atEnd, OptionalDouble.of(Math.max(0, fullAt - lastAck.get()) / 1e9), OptionalLong.of(0), null);
                }
                if (System.nanoTime() - deadline >= 0) {
                    return account(atEnd, OptionalDouble.empty(), OptionalLong.of(hidden), String.format(
                            "not reached: %,d rows still not visible %s s after the last write (--op-timeout)", hidden,
                            opTimeout.toMillis() / 1000.0));
                }
                if (!parkUntil(Math.min(start + interval.toNanos(), deadline))) {
                    return account(atEnd, OptionalDouble.empty(), OptionalLong.of(hidden),
                            "not reached: the run was stopped while rows were still not visible");
                }
            }
        }

        /**
         * Counts the tables once the writers are done: the first count's hidden rows, and when every acknowledged
         * row shows; {@code countable} says why the count cannot tell.
         */
        private void count() {
            if (fullAt != 0 || countable != null) {
                return;
            }
            long acked = acknowledgedRows.sum();
            if (acked == 0) {
                countable = "no write was acknowledged";
                return;
            }
            String exact = insert.countsExactly(target);
            if (exact != null) {
                countable = exact;
                return;
            }
            // a count sees what was visible when it began (a snapshot at its start): every row was visible by then
            long began = System.nanoTime();
            long shown = 0;
            try {
                TimeSeriesIngest ingest = target.capability(TimeSeriesIngest.class).orElseThrow();
                for (SeriesSchema schema : insert.schemas()) {
                    OptionalLong n = ingest.visibleRows(schema);
                    if (n.isEmpty()) {
                        countable = target.describe().product() + " cannot count rows";
                        return;
                    }
                    shown += n.getAsLong();
                }
            } catch (TargetException e) {
                countable = e.getMessage();
                return;
            }
            hidden = Math.max(0, insert.rowsBefore() + acked - shown);
            if (atEnd.isEmpty()) {
                atEnd = OptionalLong.of(hidden);
            }
            if (hidden == 0) {
                fullAt = began;
            }
        }

        @Override
        public boolean reconnect() throws TargetException {
            return reader.reconnect();
        }

        @Override
        public void cancel() {
            cancelled = true;
            reader.cancel();
        }

        @Override
        public void close() {
            reader.close();
        }
    }
}
