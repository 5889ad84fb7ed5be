package io.dbharness.iot;

import io.dbharness.core.api.OpResult;
import io.dbharness.core.api.Operation;
import io.dbharness.core.api.QueryAnswer;
import io.dbharness.core.api.QueryParams;
import io.dbharness.core.api.QueryReader;
import io.dbharness.core.api.TargetException;
import io.dbharness.core.api.WorkerSession;

import java.util.concurrent.atomic.AtomicLong;
import java.util.function.LongPredicate;
import java.util.function.LongUnaryOperator;

/**
 * One query client: takes the next instance number from the run's shared counter (so the instances run are
 * the same for any number of workers), runs that instance's query and keeps its answer when the run keeps it.
 */
final class QuerySession implements WorkerSession {

    /**
     * Where the run stands for the next query, read once so its type, instance number and whether its answer
     * is kept all belong to the same phase.
     *
     * @param suffix  of the operation type: {@code ""}, or {@code "@idle"} in iot-mixed's idle phase
     * @param counter the instance counter of the phase
     * @param keeps   whether answers are kept (not while rows still arrive)
     */
    record Step(String suffix, AtomicLong counter, boolean keeps) {
    }

    /** Decides, per query, whether the session goes on and in which phase. */
    interface Phase {
        /** The phase of the next query, or null when this session is done. */
        Step next() throws TargetException;
    }

    private final QuerySet queries;
    private final QueryReader reader;
    private final Phase phase;
    private final LongPredicate withinCount;
    private final LongUnaryOperator instance;

    QuerySession(QuerySet queries, QueryReader reader, Phase phase, LongPredicate withinCount) {
        this(queries, reader, phase, withinCount, k -> k);
    }

    /** @param instance maps the counter's number to the instance run (a shard's share of the instances) */
    QuerySession(QuerySet queries, QueryReader reader, Phase phase, LongPredicate withinCount, LongUnaryOperator instance) {
        this.queries = queries;
        this.reader = reader;
        this.phase = phase;
        this.withinCount = withinCount;
        this.instance = instance;
    }

    /** The last kept answer, handed to the digest thread outside the timed call (in {@link #next}, or at the end). */
    private Query pending;
    private QueryAnswer pendingAnswer;

    @Override
    public Operation next() throws TargetException {
        keepPending();
        Step step = phase.next();
        if (step == null) {
            return null;
        }
        long k = instance.applyAsLong(step.counter().getAndIncrement());
        if (!withinCount.test(k)) {
            return null;
        }
        QuerySet.Planned q = queries.pick(k);
        // the name itself when there is no suffix: a new string per query showed in the profile of cheap queries
        String type = step.suffix().isEmpty() ? q.name() : q.name() + step.suffix();
        return new Query(q, k, queries.params(q, k), type, step.keeps() && queries.keeps(k));
    }

    /** One query instance; its latency is timed by the engine, its answer kept when asked. */
    private final class Query implements Operation {
        private final QuerySet.Planned q;
        private final long instance;
        private final QueryParams params;
        private final String type;
        private final boolean keep;

        Query(QuerySet.Planned q, long instance, QueryParams params, String type, boolean keep) {
            this.q = q;
            this.instance = instance;
            this.params = params;
            this.type = type;
            this.keep = keep;
        }

        @Override
        public String type() {
            return type;
        }

        @Override
        public long rows() {
            return 0;
        }

        @Override
        public OpResult execute() throws TargetException {
            QueryAnswer a = reader.run(q.compiled(), params, keep);
            if (keep) {
                pending = this;
                pendingAnswer = a;
            }
            return OpResult.returned(a.rowCount());
        }

        /** A read: running it again changes nothing. */
        @Override
        public boolean idempotent() {
            return true;
        }

        /** A query past --op-timeout is a measurement (too slow), not a failure that ends the run. */
        @Override
        public boolean timeoutIsFailure() {
            return false;
        }
    }

    private void keepPending() {
        if (pending != null) {
            Query p = pending;
            pending = null;
            queries.keep(p.q, p.instance, p.params, pendingAnswer);
            pendingAnswer = null;
        }
    }

    @Override
    public boolean reconnect() throws TargetException {
        return reader.reconnect();
    }

    @Override
    public void cancel() {
        reader.cancel();
    }

    @Override
    public void close() {
        try {
            keepPending();
            queries.awaitAnswers(); // the digests' CPU belongs to the run, whose CPU is read when the workers end
        } finally {
            reader.close();
        }
    }
}
